import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import styled, { css } from 'styled-components';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
  /** Something to show inside the field at its right end, e.g. the show/hide toggle. */
  trailing?: ReactNode;
}

/** A labelled input whose error is announced with it (aria-describedby) and shown right under it. */
export function TextField({ label, error, hint, trailing, ...input }: TextFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <InputWrap>
        <Input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          $invalid={Boolean(error)}
          $withTrailing={Boolean(trailing)}
          {...input}
        />
        {trailing && <Trailing>{trailing}</Trailing>}
      </InputWrap>
      {message && (
        <Message id={messageId} $error={Boolean(error)} role={error ? 'alert' : undefined}>
          {message}
        </Message>
      )}
    </Field>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a toggle that reveals the typed text. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <ToggleButton
          type="button"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {visible && <path d="M4 4l16 16" />}
          </svg>
        </ToggleButton>
      }
    />
  );
}

const Field = styled.div`
  display: grid;
  gap: 6px;
`;

const Label = styled.label`
  font-size: 0.875rem;
  font-weight: 500;
  color: ${({ theme }) => theme.color.textMuted};
`;

const InputWrap = styled.div`
  position: relative;
`;

const Input = styled.input<{ $invalid: boolean; $withTrailing: boolean }>`
  width: 100%;
  height: 50px;
  padding: 0 ${({ $withTrailing }) => ($withTrailing ? '52px' : '16px')} 0 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.field};
  color: ${({ theme }) => theme.color.text};
  font-size: 1rem;
  transition:
    border-color 0.2s ease,
    box-shadow 0.2s ease,
    background 0.2s ease;

  &::placeholder {
    color: ${({ theme }) => theme.color.textSubtle};
  }

  &:hover {
    border-color: ${({ theme }) => theme.color.borderStrong};
  }

  &:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.color.accent};
    box-shadow: ${({ theme }) => theme.shadow.focusRing};
    background: ${({ theme }) => theme.alpha('sky', 0.65)};
  }

  ${({ $invalid, theme }) =>
    $invalid &&
    css`
      border-color: ${theme.color.danger};
      &:focus-visible {
        border-color: ${theme.color.danger};
        box-shadow: 0 0 0 3px ${({ theme }) => theme.alpha('danger', 0.3)};
      }
    `}
`;

const Trailing = styled.div`
  position: absolute;
  top: 0;
  right: 4px;
  height: 100%;
  display: flex;
  align-items: center;
`;

const ToggleButton = styled.button`
  display: grid;
  place-items: center;
  width: 42px;
  height: 42px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.surface};
  }
`;

const Message = styled.p<{ $error: boolean }>`
  font-size: 0.8125rem;
  color: ${({ $error, theme }) => ($error ? theme.color.danger : theme.color.textSubtle)};
`;
