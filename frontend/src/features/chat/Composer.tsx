import type { KeyboardEvent } from 'react';
import styled from 'styled-components';

interface ComposerProps {
  draft: string;
  /** The other person deleted their account: nothing can be sent any more. */
  disabled: boolean;
  canSend: boolean;
  onDraft: (draft: string) => void;
  onSend: () => void;
  onSuggestIceBreaker: () => void;
}

/** 'Suggest Ice-Breaker', the message field (Enter sends, Shift+Enter starts a new line) and Send. */
export function Composer({ draft, disabled, canSend, onDraft, onSend, onSuggestIceBreaker }: ComposerProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSend();
    }
  };
  return (
    <ComposerBox>
      <IceBreaker type="button" onClick={onSuggestIceBreaker}>
        Suggest Ice-Breaker
      </IceBreaker>
      <InputRow>
        <Input aria-label="Message" placeholder="Type a message..." rows={1} value={draft} maxLength={2000} onChange={(event) => onDraft(event.target.value)} onKeyDown={onKeyDown} disabled={disabled} />
        <Send type="button" aria-label="Send" disabled={!canSend} onClick={onSend}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M22 2L11 13M22 2l-7 20-4-9-9-4 20-7z" />
          </svg>
        </Send>
      </InputRow>
    </ComposerBox>
  );
}

const ComposerBox = styled.div`
  display: grid;
  gap: 8px;
  padding-top: 10px;
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

const IceBreaker = styled.button`
  justify-self: start;
  padding: 6px 12px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.moon};
  font: inherit;
  font-size: 0.8125rem;
  cursor: pointer;
`;

const InputRow = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 8px;
  align-items: end;
`;

const Input = styled.textarea`
  resize: none;
  min-height: 44px;
  max-height: 140px;
  padding: 11px 14px;
  border-radius: 22px;
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
`;

const Send = styled.button`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  border: 0;
  background: ${({ theme }) => theme.gradient.accent};
  color: ${({ theme }) => theme.color.white};
  cursor: pointer;

  &:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }
`;
