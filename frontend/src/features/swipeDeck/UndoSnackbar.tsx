import styled from 'styled-components';

/**
 * After a pass: who was passed, and Undo while the pass can still be taken back. It sits over the deck's
 * header row, never over the swipe buttons, so swiping on goes on undisturbed.
 */
export function UndoSnackbar({ name, busy, onUndo }: { name: string; busy: boolean; onUndo: () => void }) {
  return (
    <Bar role="status" data-testid="undo-snackbar">
      <span>You passed on {name}</span>
      <UndoButton type="button" onClick={onUndo} disabled={busy} aria-label={`Undo the pass on ${name}`}>
        Undo
      </UndoButton>
    </Bar>
  );
}

const Bar = styled.div`
  position: fixed;
  z-index: 40;
  left: 50%;
  transform: translateX(-50%);
  top: calc(${({ theme }) => theme.layout.topBar} + env(safe-area-inset-top) + 6px);
  width: min(440px, calc(100% - 24px));
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 8px 8px 8px 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  background: ${({ theme }) => theme.gradient.sheet};
  box-shadow: ${({ theme }) => theme.shadow.card};
  color: ${({ theme }) => theme.color.text};
  font-size: 0.875rem;

  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const UndoButton = styled.button`
  flex: none;
  min-height: 36px;
  padding: 0 16px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.alpha('moon', 0.18)};
  color: ${({ theme }) => theme.color.moon};
  font-weight: 700;
  cursor: pointer;

  &:disabled {
    opacity: 0.6;
    cursor: default;
  }
`;
