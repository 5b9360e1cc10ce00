import styled from 'styled-components';

/** The small capitals heading of a panel's section (Settings, the Lobby, a profile), with an icon before it if any. */
export const SectionTitle = styled.h2`
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: 0.75rem;
  font-weight: 600;
  letter-spacing: 0.14em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.moon};
`;
