import styled from 'styled-components';
import { countdownTo, describeCountdown, formatCountdown } from '../../time/swipeWindow';
import { useNow } from '../../time/useNow';
import { MoonIcon } from '../../components/icons';

/**
 * What is left of a Night Pass, in the top bar in place of the 8 PM countdown: the pass opens swiping
 * round the clock while it lasts (day access), so its own end is the time that matters.
 */
export function NightPassClock({ expiresAt, clockOffsetMs = 0 }: { expiresAt: string; clockOffsetMs?: number }) {
  const now = useNow(1000);
  const countdown = countdownTo(new Date(expiresAt), new Date(now.getTime() + clockOffsetMs));
  return (
    <Pill role="timer" aria-label={`Night Pass: ${describeCountdown(countdown)} left. Swiping is open round the clock while it lasts.`}>
      <MoonIcon size={14} />
      <span aria-hidden="true">Night Pass</span>
      <Digits aria-hidden="true">{formatCountdown(countdown)}</Digits>
    </Pill>
  );
}

const Pill = styled.div`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  height: 32px;
  padding: 0 12px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.alpha('moon', 0.45)};
  background: ${({ theme }) => theme.alpha('moon', 0.1)};
  color: ${({ theme }) => theme.color.moon};
  font-size: 0.75rem;
  font-weight: 600;
  white-space: nowrap;
`;

const Digits = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: 0.8125rem;
  font-variant-numeric: tabular-nums;
`;
