import styled, { keyframes } from 'styled-components';
import { theme } from '../theme/theme';

/** The crescent moon: drifts gently and breathes its glow. Decorative; plain CSS, so the landing page needs no animation library. */
export function Moon({ size = 148 }: { size?: number }) {
  return (
    <Halo aria-hidden="true" style={{ width: size, height: size }}>
      <Drift>
        <Glow />
        <svg viewBox="0 0 100 100" width="100%" height="100%">
          <defs>
            <radialGradient id="moonSurface" cx="38%" cy="35%" r="70%">
              <stop offset="0%" stopColor={theme.color.moonLight} />
              <stop offset="60%" stopColor={theme.color.moon} />
              <stop offset="100%" stopColor={theme.color.moonShade} />
            </radialGradient>
            <mask id="crescent">
              <rect width="100" height="100" fill="white" />
              <circle cx="66" cy="38" r="38" fill="black" />
            </mask>
          </defs>
          <g mask="url(#crescent)">
            <circle cx="50" cy="50" r="40" fill="url(#moonSurface)" />
            <circle cx="32" cy="60" r="5" fill={theme.color.moonCrater} opacity="0.7" />
            <circle cx="24" cy="42" r="3" fill={theme.color.moonCrater} opacity="0.6" />
            <circle cx="42" cy="76" r="3.5" fill={theme.color.moonCrater} opacity="0.6" />
          </g>
        </svg>
      </Drift>
    </Halo>
  );
}

const appear = keyframes`
  from { opacity: 0; transform: scale(0.85) translateY(12px); }
`;

const drift = keyframes`
  0%, 100% { transform: translateY(0); }
  50% { transform: translateY(-8px); }
`;

const breathe = keyframes`
  0%, 100% { opacity: 0.55; transform: scale(1); }
  50% { opacity: 0.9; transform: scale(1.08); }
`;

const Halo = styled.div`
  position: relative;
  flex: none;
  animation: ${appear} 1.2s ease-out both;
`;

const Drift = styled.div`
  position: absolute;
  inset: 0;
  animation: ${drift} 7s ease-in-out infinite;
`;

const Glow = styled.div`
  position: absolute;
  inset: -18%;
  border-radius: 50%;
  background: radial-gradient(circle, ${({ theme }) => theme.color.moonGlow} 0%, ${({ theme }) => theme.alpha('moon', 0)} 65%);
  animation: ${breathe} 5s ease-in-out infinite;
`;
