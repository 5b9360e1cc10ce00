import type { ReactNode } from 'react';
import styled from 'styled-components';
import { StarField } from './StarField';

/** A full-height night sky with a centred phone-sized column; used by every signed-out screen. */
export function NightScreen({ children, stars = true, tinted = false }: { children: ReactNode; stars?: boolean; tinted?: boolean }) {
  return (
    <Sky $tinted={tinted}>
      {stars && <StarField />}
      <Column>{children}</Column>
    </Sky>
  );
}

const Sky = styled.div<{ $tinted: boolean }>`
  position: relative;
  min-height: 100%;
  min-height: 100dvh;
  display: flex;
  justify-content: center;
  background: ${({ theme }) => theme.gradient.sky};
  overflow: hidden;
  transition: background 1.2s ease;

  &::after {
    content: '';
    position: absolute;
    inset: 0;
    pointer-events: none;
    background: radial-gradient(70% 50% at 50% 110%, ${({ theme }) => theme.alpha('accentPink', 0.22)}, transparent 70%);
    opacity: ${({ $tinted }) => ($tinted ? 1 : 0)};
    transition: opacity 1.2s ease;
  }
`;

export const Column = styled.main`
  position: relative;
  z-index: 1;
  width: 100%;
  max-width: ${({ theme }) => theme.layout.columnWidth};
  padding: max(20px, env(safe-area-inset-top)) 20px max(28px, env(safe-area-inset-bottom));
  display: flex;
  flex-direction: column;
`;
