import { useEffect, useId, useState } from 'react';
import { useMachine } from '@xstate/react';
import styled from 'styled-components';
import { FilterLimits, GenderPreferences, planAllowances, type GenderPreference } from '@nocturne/contracts';
import { useCatalogues } from '../../api/profileGraphql';
import { Button } from '../../components/Button';
import { ChoiceChips } from '../../components/ChoiceChips';
import { Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/Spinner';
import { Switch } from '../../components/Switch';
import { TextField } from '../../components/TextField';
import { useSignedInUser } from '../../session/SessionContext';
import { membershipResource } from '../plans/membership';
import { UpgradePrompt } from '../plans/UpgradePrompt';
import { SlidersIcon } from './deckIcons';
import { deckFiltersMachine } from './deckFiltersMachine';

/** decisions.md, Discovery: the server shows a person only when both preferences admit each other. */
export const MUTUAL_PREFERENCE_HINT = 'Preferences are mutual: you see people whose own preference includes you, and only they see you.';

const genderLabels: Record<GenderPreference, string> = { all: 'All Genders', Male: 'Male', Female: 'Female', Other: 'Other' };

/**
 * 'Filter Your Matches': loaded from and stored on the server. Kink and interest chips are Max's
 * advanced filters: choosing one on another plan opens the upgrade prompt instead (and so does the
 * server's refusal, should the plan have lapsed meanwhile). The prompt replaces the dialog while it is
 * open, and the edits wait for it.
 */
export function FilterDialog({ onClose, onApplied }: { onClose: () => void; onApplied: () => void }) {
  const user = useSignedInUser();
  const { value: membership } = membershipResource.use(user.id);
  const [prompting, setPrompting] = useState(false);
  const [machine] = useState(() => deckFiltersMachine.provide({ actions: { askForUpgrade: () => setPrompting(true) } }));
  const [state, send] = useMachine(machine);
  const { catalogues } = useCatalogues();
  const ids = useId();
  const advancedAllowed = membership ? planAllowances[membership.plan].advancedFilters : false;
  const voiceOnlyAllowed = membership ? planAllowances[membership.plan].voiceOnlyMatches : false;
  const nightOwlAllowed = membership ? planAllowances[membership.plan].nightOwlMatching : false;
  const applied = state.status === 'done';

  useEffect(() => {
    if (applied) onApplied();
  }, [applied, onApplied]);

  if (prompting) return <UpgradePrompt trigger="advanced-filters" onClose={() => setPrompting(false)} />;

  const { filters, failure } = state.context;
  const editable = state.matches('editing');
  const saving = state.matches('saving');
  const toggle = (list: 'kinks' | 'interests') => (item: string) => {
    // Letting go of a chip is always allowed; choosing one is Max's.
    if (!(filters[list] as readonly string[]).includes(item) && !advancedAllowed) setPrompting(true);
    else send({ type: 'TOGGLE', list, item });
  };

  return (
    <Dialog
      title="Filter Your Matches"
      icon={<SlidersIcon size={26} />}
      onClose={onClose}
      footer={
        <Footer>
          <Button $variant="ghost" disabled={!editable} onClick={() => send({ type: 'CLEAR' })}>
            Clear All
          </Button>
          <Button $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!editable} aria-busy={saving} onClick={() => send({ type: 'APPLY' })}>
            {saving ? 'Applying...' : 'Apply Filters'}
          </Button>
        </Footer>
      }
    >
      {state.matches('loading') && (
        <Centered>
          <Spinner label="Loading your filters" />
        </Centered>
      )}
      {state.matches('loadFailed') && (
        <Centered role="alert">
          <p>Your filters could not be loaded.</p>
          <Button $variant="secondary" onClick={() => send({ type: 'RETRY' })}>
            Try again
          </Button>
        </Centered>
      )}
      {(editable || saving || applied) && (
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'APPLY' });
          }}
        >
          <Group>
            <legend>Gender Preference</legend>
            <Segments>
              {GenderPreferences.map((gender) => (
                <Segment key={gender} $checked={filters.gender === gender}>
                  <input type="radio" name={`${ids}-gender`} value={gender} checked={filters.gender === gender} onChange={() => send({ type: 'CHANGE', patch: { gender } })} />
                  <span>{genderLabels[gender]}</span>
                </Segment>
              ))}
            </Segments>
            <Hint>{MUTUAL_PREFERENCE_HINT}</Hint>
          </Group>

          <Group>
            <legend>
              Age range <Value>{`${filters.ageRange[0]} – ${filters.ageRange[1]}`}</Value>
            </legend>
            <Range
              aria-label="Minimum age"
              type="range"
              min={FilterLimits.ageMin}
              max={FilterLimits.ageMax}
              step={1}
              value={filters.ageRange[0]}
              onChange={(event) => send({ type: 'SET_AGE', end: 'min', age: Number(event.target.value) })}
            />
            <Range
              aria-label="Maximum age"
              type="range"
              min={FilterLimits.ageMin}
              max={FilterLimits.ageMax}
              step={1}
              value={filters.ageRange[1]}
              onChange={(event) => send({ type: 'SET_AGE', end: 'max', age: Number(event.target.value) })}
            />
          </Group>

          <Group>
            <legend>
              <label htmlFor={`${ids}-distance`}>Distance</label> <Value>{filters.distance} km</Value>
            </legend>
            <Range
              id={`${ids}-distance`}
              type="range"
              min={FilterLimits.distanceMinKm}
              max={FilterLimits.distanceMaxKm}
              step={1}
              value={filters.distance}
              aria-valuetext={`${filters.distance} km`}
              onChange={(event) => send({ type: 'CHANGE', patch: { distance: Number(event.target.value) } })}
            />
            {(user.latitude === null || user.latitude === undefined) && <Hint>Distances need your location: turn it on in Settings.</Hint>}
          </Group>

          <TextField
            label="Search by City"
            placeholder="Any city"
            maxLength={FilterLimits.cityMax}
            value={filters.city}
            onChange={(event) => send({ type: 'CHANGE', patch: { city: event.target.value } })}
          />

          <ChoiceChips legend={advancedAllowed ? 'Kinks' : 'Kinks · Max'} options={catalogues.kinks} selected={filters.kinks} onToggle={toggle('kinks')} counter={filters.kinks.length ? `${filters.kinks.length} selected` : undefined} />
          <ChoiceChips
            legend={advancedAllowed ? 'Interests' : 'Interests · Max'}
            options={catalogues.interests}
            selected={filters.interests}
            onToggle={toggle('interests')}
            counter={filters.interests.length ? `${filters.interests.length} selected` : undefined}
          />
          <OptionRow>
            <div>
              <strong id={`${ids}-voice-only`}>{voiceOnlyAllowed ? 'Voice-only matches' : 'Voice-only matches · Max'}</strong>
              <Hint id={`${ids}-voice-only-hint`}>Hear voice intros instead of seeing photos; photos appear once you match.</Hint>
            </div>
            <Switch
              checked={filters.voiceOnly}
              labelledBy={`${ids}-voice-only`}
              describedBy={`${ids}-voice-only-hint`}
              disabled={!editable}
              onChange={(checked) => (checked && !voiceOnlyAllowed ? setPrompting(true) : send({ type: 'CHANGE', patch: { voiceOnly: checked } }))}
            />
          </OptionRow>
          <OptionRow>
            <div>
              <strong id={`${ids}-owl`}>{nightOwlAllowed ? 'Night-owl matching' : 'Night-owl matching · Max'}</strong>
              <Hint id={`${ids}-owl-hint`}>Closest night-owl scores first, nearest people still first. Who is awake tonight comes first for everyone.</Hint>
            </div>
            <Switch
              checked={filters.nightOwl}
              labelledBy={`${ids}-owl`}
              describedBy={`${ids}-owl-hint`}
              disabled={!editable}
              // Turning it off is always allowed; turning it on is Max's.
              onChange={(on) => (on && !nightOwlAllowed ? setPrompting(true) : send({ type: 'CHANGE', patch: { nightOwl: on } }))}
            />
          </OptionRow>
          {failure && <Failure role="alert">{failure}</Failure>}
        </Form>
      )}
    </Dialog>
  );
}

/** A switch with its label and hint: voice-only matches, night-owl matching. */
const OptionRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 14px;

  strong {
    display: block;
    font-size: 0.9375rem;
  }
`;

const Centered = styled.div`
  display: grid;
  justify-items: center;
  gap: 12px;
  padding: 24px 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Form = styled.form`
  display: grid;
  gap: 22px;
`;

const Group = styled.fieldset`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;

  legend {
    display: flex;
    width: 100%;
    justify-content: space-between;
    margin-bottom: 10px;
    padding: 0;
    font-size: 0.875rem;
    font-weight: 500;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Value = styled.span`
  color: ${({ theme }) => theme.color.text};
  font-variant-numeric: tabular-nums;
  font-weight: 600;
`;

const Segments = styled.div`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: 8px;

  @media (min-width: 420px) {
    grid-template-columns: repeat(4, 1fr);
  }
`;

const Segment = styled.label<{ $checked: boolean }>`
  position: relative;
  display: grid;
  place-items: center;
  min-height: 44px;
  padding: 0 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ $checked, theme }) => ($checked ? theme.alpha('accent', 0.8) : theme.color.border)};
  background: ${({ $checked, theme }) => ($checked ? theme.gradient.accent : theme.alpha('white', 0.04))};
  color: ${({ $checked, theme }) => ($checked ? theme.color.white : theme.color.textMuted)};
  font-size: 0.875rem;
  font-weight: 600;
  text-align: center;
  cursor: pointer;

  input {
    position: absolute;
    opacity: 0;
    width: 1px;
    height: 1px;
  }

  &:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const Range = styled.input`
  width: 100%;
  height: 28px;
  accent-color: ${({ theme }) => theme.color.accentStrong};
  cursor: pointer;
`;

const Hint = styled.p`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textSubtle};
`;

const Failure = styled.p`
  color: ${({ theme }) => theme.color.danger};
  font-size: 0.875rem;
`;

const Footer = styled.div`
  display: grid;
  grid-template-columns: auto 1fr 1.4fr;
  gap: 8px;

  button {
    min-height: 48px;
    padding: 0 14px;
    white-space: nowrap;
  }
`;
