import { useEffect, useId, useState, type FormEvent } from 'react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import styled from 'styled-components';
import { isKnownCity, knownCityNames } from '@nocturne/contracts/cities';
import { ProfileLimits } from '@nocturne/contracts/limits';
import { fetchPublicCity, savePublicCity } from '../../api/profileGraphql';
import { serverError } from '../../api/http';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useSessionActions } from '../../session/SessionContext';
import { toast } from '../../toast/toastStore';

const CITY_HINT = 'Shown to others instead of a distance when there is none. Leave empty to show no city.';
/** A name the server keeps for the card but cannot place (decisions.md, Discovery: a city counts as its centre). */
export const unplacedCityHint = (city: string) =>
  `${city} shows on your card, but it is not a city we can place, so it puts you in no one's deck. Choose one from the list, or turn on location.`;

/**
 * The city shown on the person's card, typed by them: never their place text or position. Empty shows
 * none. The server checks it and answers the field's message. A city of the list also places the person
 * at its centre; any other name is kept for the card, and the field says it places no one.
 */
export function PublicCityForm() {
  const listId = useId();
  const { refresh } = useSessionActions();
  const [saved, setSaved] = useState<string | null | undefined>(undefined);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    fetchPublicCity().then(
      (city) => {
        if (cancelled) return;
        setSaved(city);
        setDraft(city ?? '');
      },
      () => {
        if (!cancelled) setSaved(null);
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(undefined);
    try {
      const city = await savePublicCity(draft.trim() || null);
      setSaved(city);
      setDraft(city ?? '');
      toast({ title: 'City saved', description: city ? `Your card shows ${city}.` : 'Your card shows no city.' });
      // Whether others can see the person may have changed with it (the deck's and profile's notice).
      await refresh().catch(() => undefined);
    } catch (failure) {
      // The server's message for a refused city (GraphQL BAD_USER_INPUT) names what is wrong.
      const refusal = CombinedGraphQLErrors.is(failure) && failure.errors[0]?.extensions?.code === 'BAD_USER_INPUT' ? failure.errors[0].message : undefined;
      setError(refusal ?? serverError(failure)?.message ?? 'Something went wrong. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  const unchanged = draft.trim() === (saved ?? '');
  return (
    <Form onSubmit={(event) => void submit(event)} aria-label="City on your card">
      <TextField
        label="City on your card"
        placeholder="e.g. Berlin"
        maxLength={ProfileLimits.publicCityMax}
        value={draft}
        disabled={saved === undefined || saving}
        onChange={(event) => setDraft(event.target.value)}
        list={listId}
        autoComplete="off"
        error={error}
        hint={saved && !isKnownCity(saved) ? unplacedCityHint(saved) : CITY_HINT}
      />
      <datalist id={listId}>
        {knownCityNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <SaveButton $variant="secondary" $size="small" type="submit" disabled={saved === undefined || saving || unchanged}>
        {saving ? 'Saving...' : 'Save City'}
      </SaveButton>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: 10px;
  padding: 8px 6px 4px;
`;

/** The panel's button, at the start of its grid row. */
const SaveButton = styled(Button)`
  justify-self: start;
`;
