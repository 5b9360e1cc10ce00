import styled from 'styled-components';

/** The three stages of joining, named by the spec: the account, the profile, and the finishing touches. */
export const JOURNEY_STEPS = ['Basic Info', 'Your Desires', 'Complete Setup'] as const;

export function JourneySteps({ current }: { current: 0 | 1 | 2 }) {
  return (
    <List aria-label="Sign-up progress">
      {JOURNEY_STEPS.map((label, index) => (
        <Step key={label} $state={index < current ? 'done' : index === current ? 'current' : 'next'} aria-current={index === current ? 'step' : undefined}>
          <Marker aria-hidden="true">{index + 1}</Marker>
          {label}
        </Step>
      ))}
    </List>
  );
}

const List = styled.ol`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 6px 10px;
  margin: 0 0 16px;
  padding: 0;
  list-style: none;
  font-size: 0.71875rem;
`;

const Step = styled.li<{ $state: 'done' | 'current' | 'next' }>`
  display: inline-flex;
  align-items: center;
  gap: 5px;
  white-space: nowrap;
  color: ${({ $state, theme }) => ($state === 'next' ? theme.color.textMuted : theme.color.text)};
  font-weight: ${({ $state }) => ($state === 'current' ? 600 : 500)};
  opacity: ${({ $state }) => ($state === 'next' ? 0.7 : 1)};

  span {
    background: ${({ $state, theme }) => ($state === 'next' ? 'transparent' : theme.color.accentStrong)};
  }
`;

const Marker = styled.span`
  display: inline-grid;
  place-items: center;
  width: 18px;
  height: 18px;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.alpha('white', 0.25)};
  font-size: 0.6875rem;
`;
