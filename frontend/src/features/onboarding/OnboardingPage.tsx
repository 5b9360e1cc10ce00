import { JourneySteps } from '../../components/JourneySteps';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMachine } from '@xstate/react';
import { AnimatePresence, m } from 'motion/react';
import { MotionScope } from '../../components/motion/MotionScope';
import type { ActorRefFrom } from 'xstate';
import styled from 'styled-components';
import type { Gender } from '@nocturne/contracts/catalogues';
import { ProfileLimits } from '@nocturne/contracts/limits';
import { useCatalogues } from '../../api/profileGraphql';
import { Button } from '../../components/Button';
import { ChoiceChips } from '../../components/ChoiceChips';
import { PhotoGrid } from '../../components/PhotoGrid';
import { Spinner } from '../../components/Spinner';
import { TextArea } from '../../components/TextArea';
import { LocationDialog } from '../location/LocationDialog';
import type { locationDialogMachine } from '../location/locationDialogMachine';
import { ONBOARDING_STEPS, onboardingMachine, stepIsFilled } from './onboardingMachine';

const stepCopy: Record<number, { title: string; subtitle: string }> = {
  1: { title: 'How do you identify?', subtitle: 'This helps us show you to the right people.' },
  2: { title: 'Show your night side', subtitle: `Add up to ${ProfileLimits.photosMax} photos. The first one is your main photo.` },
  3: { title: 'What are you into?', subtitle: 'Pick every kink and desire that excites you.' },
  4: { title: 'What do you love?', subtitle: 'Your interests help spark the first message.' },
  5: { title: 'Complete Profile', subtitle: 'A few words about yourself, then you are ready for the night.' },
};

const SUMMARY_COUNT = 3;

export function OnboardingPage(props: { machine?: typeof onboardingMachine }) {
  return (
    <MotionScope>
      <OnboardingSteps {...props} />
    </MotionScope>
  );
}

function OnboardingSteps({ machine = onboardingMachine }: { machine?: typeof onboardingMachine }) {
  const navigate = useNavigate();
  const [withRouter] = useState(() => machine.provide({ actions: { navigate: (_, { to }) => void navigate(to, { replace: true }) } }));
  const [state, send] = useMachine(withRouter, { input: {} });
  const { catalogues, loading } = useCatalogues();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { step, gender, photos, kinks, interests, bio, pendingFiles } = state.context;
  const firstRender = useRef(true);

  // Moves focus to the new step's heading, so keyboard and screen-reader users start at its top.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  // Asking the server who is signed in takes one round trip: nothing is drawn until the answer.
  if (state.matches('checking') || state.matches('loadingUser') || state.matches('redirected')) return null;
  if (state.matches('unavailable')) {
    return (
      <Unavailable role="alert">
        <h1>Nocturne can't be reached</h1>
        <p>Check your connection and try again.</p>
        <Button $variant="secondary" onClick={() => send({ type: 'RETRY' })}>
          Try again
        </Button>
      </Unavailable>
    );
  }

  const saving = state.matches('saving');
  const uploading = state.matches({ editing: { photos: 'uploading' } });
  const removing = state.matches({ editing: { photos: 'removing' } });
  const editing = state.matches('editing');
  const canContinue = editing && stepIsFilled(state.context);
  const lastStep = step === ONBOARDING_STEPS;
  const locationActor = state.children.locationDialog as ActorRefFrom<typeof locationDialogMachine> | undefined;
  const copy = stepCopy[step]!;

  return (
    <Page>
      <TopRow>
        {step > 1 ? (
          <NavButton type="button" onClick={() => send({ type: 'BACK' })} disabled={!editing}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M15 18l-6-6 6-6" />
            </svg>
            Back
          </NavButton>
        ) : (
          <span />
        )}
        <StepLabel aria-live="polite">
          Step {step} of {ONBOARDING_STEPS}
        </StepLabel>
        <NavButton type="button" onClick={() => send({ type: 'SKIP' })} disabled={!editing} $align="end">
          Skip
        </NavButton>
      </TopRow>

      <Dots aria-hidden="true">
        {Array.from({ length: ONBOARDING_STEPS }, (_, index) => (
          <Dot key={index} $state={index + 1 < step ? 'done' : index + 1 === step ? 'current' : 'todo'} />
        ))}
      </Dots>
      <JourneySteps current={lastStep ? 2 : 1} />

      <AnimatePresence mode="wait" initial={false}>
        <StepBody key={step} initial={{ opacity: 0, x: 24 }} animate={{ opacity: 1, x: 0 }} exit={{ opacity: 0, x: -24 }} transition={{ duration: 0.22 }}>
          <Heading ref={headingRef} tabIndex={-1}>
            {copy.title}
          </Heading>
          <Subtitle>{copy.subtitle}</Subtitle>

          {step === 1 && (
            <GenderGroup role="radiogroup" aria-label="Gender">
              {catalogues.genders.map((option) => (
                <GenderOption key={option} $checked={gender === option}>
                  <input type="radio" name="gender" value={option} aria-label={option} checked={gender === option} onChange={() => send({ type: 'CHOOSE_GENDER', gender: option as Gender })} />
                  <GenderMark aria-hidden="true">{option === 'Male' ? '♂' : option === 'Female' ? '♀' : '⚧'}</GenderMark>
                  <span>{option}</span>
                </GenderOption>
              ))}
            </GenderGroup>
          )}

          {step === 2 && (
            <>
              <PhotoGrid
                photos={photos}
                uploadingCount={uploading ? pendingFiles.length : 0}
                busy={uploading || removing || !editing}
                onAdd={(files) => send({ type: 'ADD_PHOTOS', files })}
                onRemove={(id) => send({ type: 'REMOVE_PHOTO', id })}
                onReorder={(ids) => send({ type: 'ARRANGE_PHOTOS', ids })}
              />
              <Note>Every photo is re-encoded and stripped of its metadata, location included, before anyone sees it.</Note>
            </>
          )}

          {step === 3 &&
            (loading ? (
              <Centered>
                <Spinner label="Loading kinks" />
              </Centered>
            ) : (
              <ChoiceChips
                legend="Kinks"
                options={catalogues.kinks}
                selected={kinks}
                counter={`${kinks.length} selected`}
                onToggle={(kink) => send({ type: 'TOGGLE_KINK', kink })}
              />
            ))}

          {step === 4 &&
            (loading ? (
              <Centered>
                <Spinner label="Loading interests" />
              </Centered>
            ) : (
              <ChoiceChips
                legend="Interests"
                options={catalogues.interests}
                selected={interests}
                counter={`${interests.length} selected`}
                onToggle={(interest) => send({ type: 'TOGGLE_INTEREST', interest })}
              />
            ))}

          {step === 5 && (
            <>
              <TextArea
                label="Bio"
                value={bio}
                maxLength={ProfileLimits.bioMax}
                placeholder="Night owl, stargazer, terrible at sleeping before 3 AM..."
                onChange={(event) => send({ type: 'CHANGE_BIO', bio: event.target.value })}
                disabled={!editing}
              />
              <Summary aria-label="Your choices">
                <SummaryRow label="Kinks" items={kinks} />
                <SummaryRow label="Interests" items={interests} />
              </Summary>
            </>
          )}
        </StepBody>
      </AnimatePresence>

      <Actions>
        <Button $block disabled={!canContinue} aria-busy={saving} onClick={() => send({ type: 'CONTINUE' })}>
          {saving ? 'Saving...' : lastStep ? 'Complete' : 'Continue'}
        </Button>
        <Hint>Not sure yet? Skip for now and finish it later from your profile.</Hint>
      </Actions>

      {locationActor && <LocationDialog actor={locationActor} />}
    </Page>
  );
}

function SummaryRow({ label, items }: { label: string; items: readonly string[] }) {
  const shown = items.slice(0, SUMMARY_COUNT);
  const more = items.length - shown.length;
  return (
    <SummaryItem>
      <dt>{label}</dt>
      <dd>
        {items.length === 0 ? (
          <None>None chosen</None>
        ) : (
          <>
            {shown.map((item) => (
              <Tag key={item}>{item}</Tag>
            ))}
            {more > 0 && <More>+{more} more</More>}
          </>
        )}
      </dd>
    </SummaryItem>
  );
}

const Page = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: 18px;
`;

const TopRow = styled.div`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  min-height: 44px;
`;

const NavButton = styled.button<{ $align?: 'start' | 'end' }>`
  justify-self: ${({ $align = 'start' }) => $align};
  display: inline-flex;
  align-items: center;
  gap: 4px;
  min-height: 44px;
  padding: 0 12px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  font-weight: 500;
  cursor: pointer;

  &:hover:not(:disabled) {
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.surface};
  }

  &:disabled {
    opacity: 0.5;
    cursor: default;
  }
`;

const StepLabel = styled.p`
  font-size: 0.8125rem;
  font-weight: 600;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.color.moon};
`;

const Dots = styled.div`
  display: flex;
  justify-content: center;
  gap: 8px;
`;

const Dot = styled.span<{ $state: 'done' | 'current' | 'todo' }>`
  height: 8px;
  width: ${({ $state }) => ($state === 'current' ? '28px' : '8px')};
  border-radius: 4px;
  background: ${({ $state, theme }) => ($state === 'todo' ? theme.alpha('white', 0.18) : $state === 'current' ? theme.gradient.accent : theme.color.accent)};
  box-shadow: ${({ $state, theme }) => ($state === 'current' ? `0 0 12px ${theme.alpha('accent', 0.6)}` : 'none')};
  transition:
    width 0.25s ease,
    background 0.25s ease;
`;

const StepBody = styled(m.section)`
  flex: 1;
  display: grid;
  align-content: start;
  gap: 18px;
`;

const Heading = styled.h1`
  font-family: ${({ theme }) => theme.font.display};
  font-size: clamp(1.75rem, 7vw, 2.1rem);
  line-height: 1.15;
  margin-top: 6px;

  &:focus {
    outline: none;
  }
`;

const Subtitle = styled.p`
  margin-top: -10px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const GenderGroup = styled.div`
  display: grid;
  gap: 12px;
`;

const GenderOption = styled.label<{ $checked: boolean }>`
  position: relative;
  display: flex;
  align-items: center;
  gap: 16px;
  min-height: 68px;
  padding: 0 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ $checked, theme }) => ($checked ? theme.alpha('accent', 0.85) : theme.color.border)};
  background: ${({ $checked, theme }) => ($checked ? `linear-gradient(135deg, ${theme.alpha('accentStrong', 0.38)}, ${theme.alpha('accentMagenta', 0.28)})` : theme.alpha('white', 0.05))};
  box-shadow: ${({ $checked, theme }) => ($checked ? `0 10px 30px ${theme.alpha('accentStrong', 0.3)}` : 'none')};
  font-size: 1.0625rem;
  font-weight: 600;
  cursor: pointer;
  transition:
    background 0.15s ease,
    border-color 0.15s ease;

  &:hover {
    border-color: ${({ theme }) => theme.color.borderStrong};
  }

  input {
    position: absolute;
    opacity: 0;
    width: 1px;
    height: 1px;
  }

  &:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 3px;
  }
`;

const GenderMark = styled.span`
  display: grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  background: ${({ theme }) => theme.alpha('white', 0.08)};
  color: ${({ theme }) => theme.color.moon};
  font-size: 1.25rem;
`;

const Note = styled.p`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textSubtle};
`;

const Centered = styled.div`
  display: grid;
  place-items: center;
  padding: 40px 0;
`;

const Summary = styled.dl`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
`;

const SummaryItem = styled.div`
  display: grid;
  gap: 6px;

  dt {
    font-size: 0.75rem;
    font-weight: 600;
    letter-spacing: 0.12em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.color.textSubtle};
  }

  dd {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin: 0;
  }
`;

const Tag = styled.span`
  padding: 4px 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.alpha('accent', 0.16)};
  border: 1px solid ${({ theme }) => theme.alpha('accent', 0.35)};
  font-size: 0.8125rem;
`;

const More = styled.span`
  padding: 4px 6px;
  font-size: 0.8125rem;
  font-weight: 600;
  color: ${({ theme }) => theme.color.accent};
`;

const None = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.textSubtle};
`;

const Actions = styled.div`
  position: sticky;
  bottom: 0;
  display: grid;
  gap: 8px;
  padding: 14px 0 4px;
  background: linear-gradient(180deg, transparent, ${({ theme }) => theme.alpha('sky', 0.85)} 30%);
`;

const Hint = styled.p`
  text-align: center;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textSubtle};
`;

const Unavailable = styled.div`
  flex: 1;
  display: grid;
  place-content: center;
  justify-items: center;
  gap: 14px;
  text-align: center;

  h1 {
    font-family: ${({ theme }) => theme.font.display};
    font-size: 1.6rem;
  }

  p {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
