import { ConfirmDialog } from '../../components/ConfirmDialog';

/** Asks before ending the match; `busy` while the unmatch is on its way. */
export function UnmatchDialog({ name, busy, onCancel, onConfirm }: { name: string; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  return <ConfirmDialog title={`Unmatch ${name}?`} description="The conversation disappears for both of you. This cannot be undone." confirmLabel="Unmatch" busy={busy} onCancel={onCancel} onConfirm={onConfirm} />;
}
