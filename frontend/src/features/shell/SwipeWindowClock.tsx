import styled from 'styled-components';
import { ClockIcon } from '../../components/icons';
import { describeCountdown, formatCountdown, type SwipeWindowMode } from '../../time/swipeWindow';
import { swipeWindowAt, type ServerSwipeWindow } from '../../time/useSwipeWindow';
import { useNow } from '../../time/useNow';

/**
 * The top bar's live countdown to the next 8:00 PM on the zone the server follows for the person (the
 * browser's until the server answered). The demo (SWIPE_WINDOW=always) keeps the countdown and says that
 * swiping is open round the clock anyway.
 */
export function SwipeWindowClock({ mode: pageMode, server = null }: { mode: SwipeWindowMode; server?: ServerSwipeWindow | null }) {
  const now = useNow(1000);
  const { mode, open, countdown } = swipeWindowAt(now, server, pageMode);
  const always = mode === 'always';
  const status = always ? 'Demo mode: swiping is open round the clock.' : open ? 'Swiping is open.' : 'Swiping opens at 8:00 PM.';
  const label = always ? 'Demo · 8 PM in' : open ? 'Open · next 8 PM' : 'Opens in';
  return (
    <Pill $open={open} role="timer" aria-label={`${status} Next 8:00 PM in ${describeCountdown(countdown)}`} title={always ? 'Demo mode: swiping is open round the clock' : undefined}>
      {open ? <Dot aria-hidden="true" /> : <ClockIcon />}
      <Label aria-hidden="true">{label}</Label>
      <Digits aria-hidden="true">{formatCountdown(countdown)}</Digits>
    </Pill>
  );
}

const Pill = styled.div<{ $open: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  height: 32px;
  padding: 0 12px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ $open, theme }) => ($open ? theme.alpha('success', 0.35) : theme.alpha('moon', 0.3))};
  background: ${({ $open, theme }) => ($open ? theme.alpha('success', 0.08) : theme.alpha('moon', 0.08))};
  color: ${({ $open, theme }) => ($open ? theme.color.successPale : theme.color.moon)};
  font-size: 0.75rem;
  font-weight: 500;
  white-space: nowrap;
`;

const Label = styled.span`
  opacity: 0.85;
`;

const Digits = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: 0.8125rem;
  font-variant-numeric: tabular-nums;
  font-weight: 600;
`;

const Dot = styled.span`
  width: 7px;
  height: 7px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.success};
  box-shadow: 0 0 8px ${({ theme }) => theme.color.success};
`;
