import styled, { keyframes } from 'styled-components';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <Ring role="status" aria-label={label} />;
}

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span`
  display: inline-block;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.alpha('accent', 0.25)};
  border-top-color: ${({ theme }) => theme.color.accent};
  animation: ${spin} 0.9s linear infinite;
`;
