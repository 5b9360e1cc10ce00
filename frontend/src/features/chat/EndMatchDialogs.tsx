import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';

/** Asks before ending the match; `busy` while the unmatch is on its way. */
export function UnmatchDialog({ name, busy, onCancel, onConfirm }: { name: string; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog
      title={`Unmatch ${name}?`}
      description="The conversation disappears for both of you. This cannot be undone."
      onClose={onCancel}
      role="alertdialog"
      footer={
        <>
          <Button $block onClick={onConfirm} disabled={busy}>
            Unmatch
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
