import { useState } from 'react';
import styled from 'styled-components';
import { ReportReasons, reportReasonLabels, type ReportReason } from '@nocturne/contracts/catalogues';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Dialog } from '../../components/Dialog';

/** Asks before blocking; `busy` while the block is on its way. */
export function BlockDialog({ name, busy, onCancel, onConfirm }: { name: string; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      title={`Block ${name}?`}
      description="You will not see each other anywhere again, and a match between you ends. This cannot be undone."
      confirmLabel="Block"
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}

/**
 * The report's reason and what happened, for the moderators; `busy` while it is on its way. `offerBlock`
 * adds 'Block too' (off by default: a report alone hides nobody).
 */
export function ReportDialog({
  name,
  busy,
  offerBlock = false,
  onCancel,
  onConfirm,
}: {
  name: string;
  busy: boolean;
  offerBlock?: boolean;
  onCancel: () => void;
  onConfirm: (reason: ReportReason, text: string, alsoBlock: boolean) => void;
}) {
  const [reason, setReason] = useState<ReportReason>('harassment');
  const [text, setText] = useState('');
  const [alsoBlock, setAlsoBlock] = useState(false);
  return (
    <Dialog
      title={`Report ${name}`}
      description={`Our moderators will look at it. ${name} is not told.`}
      onClose={onCancel}
      footer={
        <>
          <Button $block onClick={() => onConfirm(reason, text, offerBlock && alsoBlock)} disabled={busy}>
            Send report
          </Button>
          <Button $block $variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </>
      }
    >
      <Field>
        <span>Reason</span>
        <select value={reason} onChange={(event) => setReason(event.target.value as ReportReason)}>
          {ReportReasons.map((value) => (
            <option key={value} value={value}>
              {reportReasonLabels[value]}
            </option>
          ))}
        </select>
      </Field>
      <Field>
        <span>What happened (optional)</span>
        <textarea value={text} maxLength={1000} rows={3} onChange={(event) => setText(event.target.value)} />
      </Field>
      {offerBlock && (
        <CheckRow>
          <input type="checkbox" checked={alsoBlock} onChange={(event) => setAlsoBlock(event.target.checked)} />
          <span>
            Block too
            <small>You will not see each other anywhere again.</small>
          </span>
        </CheckRow>
      )}
    </Dialog>
  );
}

const Field = styled.label`
  display: grid;
  gap: 6px;
  margin-top: 10px;
  font-size: 0.875rem;

  select,
  textarea {
    padding: 9px 12px;
    border-radius: ${({ theme }) => theme.radius.sm};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.night};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
  }
`;

const CheckRow = styled.label`
  display: flex;
  align-items: flex-start;
  gap: 10px;
  margin-top: 14px;
  font-size: 0.875rem;
  cursor: pointer;

  input {
    width: 18px;
    height: 18px;
    margin: 1px 0 0;
    accent-color: ${({ theme }) => theme.color.accent};
  }

  span {
    display: grid;
    gap: 2px;
  }

  small {
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
