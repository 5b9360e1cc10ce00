import { motion } from 'motion/react';
import styled from 'styled-components';

/** The crescent moon: drifts gently and breathes its glow. Decorative. */
export function Moon({ size = 148 }: { size?: number }) {
  return (
    <Halo
      aria-hidden="true"
      style={{ width: size, height: size }}
      initial={{ opacity: 0, scale: 0.85, y: 12 }}
      animate={{ opacity: 1, scale: 1, y: [0, -8, 0] }}
      transition={{ opacity: { duration: 1.2 }, scale: { duration: 1.2 }, y: { duration: 7, repeat: Infinity, ease: 'easeInOut' } }}
    >
      <Glow
        animate={{ opacity: [0.55, 0.9, 0.55], scale: [1, 1.08, 1] }}
        transition={{ duration: 5, repeat: Infinity, ease: 'easeInOut' }}
      />
      <svg viewBox="0 0 100 100" width="100%" height="100%">
        <defs>
          <radialGradient id="moonSurface" cx="38%" cy="35%" r="70%">
            <stop offset="0%" stopColor="#fff8dc" />
            <stop offset="60%" stopColor="#f6e7b9" />
            <stop offset="100%" stopColor="#d9c48a" />
          </radialGradient>
          <mask id="crescent">
            <rect width="100" height="100" fill="white" />
            <circle cx="66" cy="38" r="38" fill="black" />
          </mask>
        </defs>
        <g mask="url(#crescent)">
          <circle cx="50" cy="50" r="40" fill="url(#moonSurface)" />
          <circle cx="32" cy="60" r="5" fill="#e3cf95" opacity="0.7" />
          <circle cx="24" cy="42" r="3" fill="#e3cf95" opacity="0.6" />
          <circle cx="42" cy="76" r="3.5" fill="#e3cf95" opacity="0.6" />
        </g>
      </svg>
    </Halo>
  );
}

const Halo = styled(motion.div)`
  position: relative;
  flex: none;
`;

const Glow = styled(motion.div)`
  position: absolute;
  inset: -18%;
  border-radius: 50%;
  background: radial-gradient(circle, ${({ theme }) => theme.color.moonGlow} 0%, rgba(246, 231, 185, 0) 65%);
`;
