import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import styled from 'styled-components';
import { MoonIcon } from '../../components/icons';
import { countdownTo, describeCountdown, formatCountdown } from '../../time/swipeWindow';
import { useNow } from '../../time/useNow';
import { onPlanChanged } from '../plans/membership';
import { UpgradePrompt } from '../plans/UpgradePrompt';
import { moonBoostMachine } from './moonBoostMachine';

/** The deck's Moon-Boost: starts one, shows the time left while it runs, and afterwards how many people saw the card. */
export function MoonBoostButton({ machine = moonBoostMachine }: { machine?: typeof moonBoostMachine }) {
  const [state, send] = useMachine(machine);
  const { boost } = state.context;
  useEffect(() => onPlanChanged(() => send({ type: 'PLAN_CHANGED' })), [send]);

  const seen = boost?.last && !state.matches('boosting') ? boost.last.viewers : null;
  return (
    <>
      {state.matches('boosting') && boost?.active ? (
        <BoostTimer endsAt={boost.active.endsAt} />
      ) : (
        <Pill type="button" onClick={() => send({ type: 'START' })} disabled={state.matches('loading') || state.matches('starting')} aria-label="Moon-Boost: 10x more visibility for 30 minutes">
          <MoonIcon size={16} />
          Boost
        </Pill>
      )}
      {seen !== null && (
        <Seen role="status">
          Your last Moon-Boost: {seen} {seen === 1 ? 'person' : 'people'} saw your card
        </Seen>
      )}
      {state.matches('prompt') && <UpgradePrompt trigger="night-boost" onClose={() => send({ type: 'CLOSE_PROMPT' })} />}
    </>
  );
}

function BoostTimer({ endsAt }: { endsAt: string }) {
  const now = useNow(1000);
  const left = countdownTo(new Date(endsAt), now);
  return (
    <Pill as="div" role="timer" $on aria-label={`Moon-Boost on: ${describeCountdown(left)} left`}>
      <MoonIcon size={16} />
      <span aria-hidden="true">{formatCountdown(left).slice(3)}</span>
    </Pill>
  );
}

const Pill = styled.button<{ $on?: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 34px;
  padding: 6px 14px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.alpha('moon', 0.45)};
  background: ${({ $on, theme }) => theme.alpha('moon', $on ? 0.22 : 0.1)};
  color: ${({ theme }) => theme.color.moon};
  font-size: 0.875rem;
  font-weight: 600;
  font-variant-numeric: tabular-nums;
  cursor: pointer;

  &:disabled {
    opacity: 0.6;
    cursor: default;
  }
`;

const Seen = styled.p`
  flex-basis: 100%;
  text-align: center;
  font-size: 0.75rem;
  color: ${({ theme }) => theme.color.textSubtle};
`;
