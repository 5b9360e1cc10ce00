import styled, { css } from 'styled-components';

/** The frosted glass every card of the app is made of. */
export const glass = css`
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.gradient.glass};
  border: 1px solid ${({ theme }) => theme.color.border};
  box-shadow: ${({ theme }) => theme.shadow.card};
  backdrop-filter: blur(16px);
`;

/** A glass card for content inside the signed-in shell. */
export const Panel = styled.section`
  ${glass};
  display: grid;
  gap: 14px;
  padding: 22px 20px;
`;

export const PageTitle = styled.h1`
  font-family: ${({ theme }) => theme.font.display};
  font-size: 1.875rem;
  line-height: 1.15;
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

export const Eyebrow = styled.p`
  font-size: 0.75rem;
  font-weight: 600;
  letter-spacing: 0.16em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.moon};
`;

export const Stack = styled.div<{ $gap?: number }>`
  display: grid;
  gap: ${({ $gap = 16 }) => `${$gap}px`};
`;

/** Centres an empty state in the remaining height of the page. */
export const EmptyState = styled.div`
  flex: 1;
  display: grid;
  place-content: center;
  justify-items: center;
  gap: 12px;
  padding: 24px 8px;
  text-align: center;

  h1,
  h2 {
    font-family: ${({ theme }) => theme.font.display};
    font-size: 1.5rem;
  }

  & > a,
  & > button {
    margin-top: 10px;
  }
`;

/** A round glowing badge around a screen's or a dialog's icon: moonlit by default, violet for empty states. */
export const IconBadge = styled.div<{ $size?: number; $tone?: 'moon' | 'accent' }>`
  display: grid;
  place-items: center;
  width: ${({ $size = 64 }) => $size}px;
  height: ${({ $size = 64 }) => $size}px;
  margin-bottom: 8px;
  border-radius: 50%;
  color: ${({ theme, $tone = 'moon' }) => theme.color[$tone]};
  background: radial-gradient(circle at 35% 30%, ${({ theme }) => theme.alpha('accent', 0.35)}, ${({ theme }) => theme.alpha('accentStrong', 0.1)});
  border: 1px solid ${({ theme }) => theme.color.border};
  box-shadow: 0 0 44px ${({ theme }) => theme.alpha('accent', 0.3)};
`;
