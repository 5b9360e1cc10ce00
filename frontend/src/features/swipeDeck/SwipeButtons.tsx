import styled, { css } from 'styled-components';
import type { SwipeKind } from '@nocturne/contracts';
import { HeartFilledIcon } from '../../components/icons';
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

const tones: Record<SwipeKind, { color: string; glow: string }> = {
  pass: { color: '#fb7185', glow: 'rgba(251, 113, 133, 0.35)' },
  superlike: { color: '#60a5fa', glow: 'rgba(96, 165, 250, 0.35)' },
  like: { color: '#4ade80', glow: 'rgba(74, 222, 128, 0.35)' },
};

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
  border: 2px solid ${({ $kind }) => tones[$kind].color};
  background: rgba(11, 10, 36, 0.75);
  color: ${({ $kind }) => tones[$kind].color};
  cursor: pointer;
  transition:
    transform 0.15s ease,
    box-shadow 0.2s ease;
  ${({ $kind }) => css`
    box-shadow: 0 8px 24px ${tones[$kind].glow};
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
