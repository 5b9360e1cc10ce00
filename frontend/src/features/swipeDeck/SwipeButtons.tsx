import styled, { css } from 'styled-components';
import type { SwipeKind } from '@nocturne/contracts';
import { HeartFilledIcon } from '../../components/icons';
import type { PaletteColour } from '../../theme/theme';
import { PassIcon, StarIcon } from './deckIcons';

const labels: Record<SwipeKind, (name: string) => string> = {
  pass: (name) => `Pass on ${name}`,
  superlike: (name) => `Super-like ${name}`,
  like: (name) => `Like ${name}`,
};

/** Pass, super-like and like: the swipe without dragging (the arrow keys do the same on the deck). */
export function SwipeButtons({ name, onSwipe, disabled = false, compact = false }: { name: string; onSwipe: (kind: SwipeKind) => void; disabled?: boolean; compact?: boolean }) {
  return (
    <Row $compact={compact}>
      <Round type="button" $kind="pass" aria-label={labels.pass(name)} title="Pass (←)" disabled={disabled} onClick={() => onSwipe('pass')}>
        <PassIcon size={compact ? 24 : 28} />
      </Round>
      <Round type="button" $kind="superlike" $small aria-label={labels.superlike(name)} title="Super-like (↑)" disabled={disabled} onClick={() => onSwipe('superlike')}>
        <StarIcon size={compact ? 20 : 24} filled />
      </Round>
      <Round type="button" $kind="like" aria-label={labels.like(name)} title="Like (→)" disabled={disabled} onClick={() => onSwipe('like')}>
        <HeartFilledIcon size={compact ? 26 : 30} />
      </Round>
    </Row>
  );
}

const tones: Record<SwipeKind, PaletteColour> = { pass: 'pass', superlike: 'superLike', like: 'success' };

const Row = styled.div<{ $compact: boolean }>`
  display: flex;
  justify-content: center;
  align-items: center;
  gap: ${({ $compact }) => ($compact ? '18px' : '22px')};
`;

const Round = styled.button<{ $kind: SwipeKind; $small?: boolean }>`
  display: grid;
  place-items: center;
  width: ${({ $small }) => ($small ? '52px' : '64px')};
  height: ${({ $small }) => ($small ? '52px' : '64px')};
  border-radius: 50%;
  border: 2px solid ${({ $kind, theme }) => theme.color[tones[$kind]]};
  background: ${({ theme }) => theme.alpha('night', 0.75)};
  color: ${({ $kind, theme }) => theme.color[tones[$kind]]};
  cursor: pointer;
  transition:
    transform 0.15s ease,
    box-shadow 0.2s ease;
  ${({ $kind, theme }) => css`
    box-shadow: 0 8px 24px ${theme.alpha(tones[$kind], 0.35)};
  `}

  &:hover:not(:disabled) {
    transform: scale(1.06);
  }

  &:active:not(:disabled) {
    transform: scale(0.94);
  }

  &:disabled {
    opacity: 0.5;
    cursor: default;
  }
`;
