import { useState } from 'react';
import styled from 'styled-components';
import { serverError } from '../../api/http';
import { deleteAccount } from '../../api/profile';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TrashIcon } from '../../components/icons';
import { TextField } from '../../components/TextField';
import { toast } from '../../toast/toastStore';

export const DELETE_CONFIRMATION_WORD = 'DELETE';

interface DeleteAccountDialogProps {
  onClose: () => void;
  /** Called once the server has erased the account. */
  onDeleted: () => void;
  remove?: () => Promise<unknown>;
}

/** Asks the person to type DELETE before the account and everything in it are erased. */
export function DeleteAccountDialog({ onClose, onDeleted, remove = deleteAccount }: DeleteAccountDialogProps) {
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const confirmed = typed.trim().toUpperCase() === DELETE_CONFIRMATION_WORD;

  const submit = async () => {
    if (!confirmed || deleting) return;
    setDeleting(true);
    try {
      await remove();
      onDeleted();
    } catch (error) {
      setDeleting(false);
      toast({ title: 'Delete failed', description: serverError(error)?.message ?? 'Something went wrong. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <Dialog
      role="alertdialog"
      title="Delete Account"
      description="This permanently erases your profile, photos, matches and messages. It cannot be undone."
      icon={<TrashIcon size={26} />}
      onClose={deleting ? undefined : onClose}
      footer={
        <Buttons>
          <Button $variant="secondary" onClick={onClose} disabled={deleting}>
            Cancel
          </Button>
          <Button $variant="danger" type="submit" form="delete-account-form" disabled={!confirmed || deleting} aria-busy={deleting}>
            {deleting ? 'Deleting...' : 'Delete Account'}
          </Button>
        </Buttons>
      }
    >
      <form
        id="delete-account-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
          value={typed}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          data-autofocus
          onChange={(event) => setTyped(event.target.value)}
        />
      </form>
    </Dialog>
  );
}

const Buttons = styled.div`
  display: grid;
  grid-template-columns: 1fr 1.4fr;
  gap: 10px;
`;
