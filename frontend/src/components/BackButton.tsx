import { Link } from 'react-router';
import styled from 'styled-components';

/** A round back arrow; `label` names where it leads for screen readers. */
export function BackButton({ to, label = 'Back' }: { to: string; label?: string }) {
  return (
    <Round to={to} aria-label={label}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M15 18l-6-6 6-6" />
      </svg>
    </Round>
  );
}

const Round = styled(Link)`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  color: ${({ theme }) => theme.color.text};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  backdrop-filter: blur(12px);
  transition: background 0.2s ease;

  &:hover {
    background: ${({ theme }) => theme.color.surfaceStrong};
  }
`;
