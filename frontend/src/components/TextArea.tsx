import { useId, type TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value'> {
  label: string;
  value: string;
  maxLength: number;
  error?: string;
}

/** A labelled multi-line field with a live 'N/max' counter, announced with the field. */
export function TextArea({ label, value, maxLength, error, ...rest }: TextAreaProps) {
  const id = useId();
  return (
    <Field>
      <Top>
        <Label htmlFor={id}>{label}</Label>
        <Count id={`${id}-count`} $full={value.length >= maxLength}>
          {value.length}/{maxLength}
        </Count>
      </Top>
      <Input id={id} value={value} maxLength={maxLength} aria-describedby={error ? `${id}-count ${id}-error` : `${id}-count`} aria-invalid={error ? true : undefined} {...rest} />
      {error && (
        <Error id={`${id}-error`} role="alert">
          {error}
        </Error>
      )}
    </Field>
  );
}

const Field = styled.div`
  display: grid;
  gap: 6px;
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
`;

const Label = styled.label`
  font-size: 0.875rem;
  font-weight: 500;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Count = styled.span<{ $full: boolean }>`
  font-size: 0.8125rem;
  font-variant-numeric: tabular-nums;
  color: ${({ $full, theme }) => ($full ? theme.color.danger : theme.color.textSubtle)};
`;

const Input = styled.textarea`
  width: 100%;
  min-height: 132px;
  padding: 14px 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.field};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  line-height: 1.5;
  resize: vertical;

  &::placeholder {
    color: ${({ theme }) => theme.color.textSubtle};
  }

  &:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.color.accent};
    box-shadow: ${({ theme }) => theme.shadow.focusRing};
  }

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;

const Error = styled.p`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.danger};
`;
