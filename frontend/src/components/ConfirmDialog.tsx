import { Button } from './Button';
import { Dialog } from './Dialog';

/**
 * Asks before an act that cannot be undone (unmatch, block): the act's own button first, then Cancel;
 * `busy` while the act is on its way.
 */
export function ConfirmDialog({ title, description, confirmLabel, busy, onCancel, onConfirm }: { title: string; description: string; confirmLabel: string; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog
      title={title}
      description={description}
      onClose={onCancel}
      role="alertdialog"
      footer={
        <>
          <Button $block onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
          <Button $block $variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </>
      }
    >
      {null}
    </Dialog>
  );
}
