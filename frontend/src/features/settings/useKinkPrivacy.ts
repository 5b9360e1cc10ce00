import { useEffect, useRef, useState } from 'react';
import type { KinkAudience, KinkVisibility } from '@nocturne/contracts';
import { serverError } from '../../api/http';
import { toast } from '../../toast/toastStore';

/** Every kink, now and later, for one audience: the choices made one by one are dropped. */
export const withWholeAudience = (audience: KinkAudience): KinkVisibility => ({ audience, perKink: [] });

/** One kink's own audience; a choice equal to the one for all kinks needs no entry. */
export function withKinkAudience(visibility: KinkVisibility, kink: string, audience: KinkAudience): KinkVisibility {
  const others = visibility.perKink.filter((choice) => choice.kink !== kink);
  return { audience: visibility.audience, perKink: audience === visibility.audience ? others : [...others, { kink, audience }] };
}

/**
 * Settings' kink privacy: loaded from the server, a change shows at once and is saved; when the save
 * fails the switches flip back and a toast says so. The switches are held while a save runs.
 */
export function useKinkPrivacy(load: () => Promise<KinkVisibility>, save: (visibility: KinkVisibility) => Promise<KinkVisibility>) {
  const [visibility, setVisibility] = useState<KinkVisibility | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const confirmed = useRef<KinkVisibility | null>(null);
  // Loaded once per screen, whatever function identity the caller passes on later renders.
  const loadOnce = useRef(load);

  useEffect(() => {
    let cancelled = false;
    loadOnce.current().then(
      (loaded) => {
        if (cancelled) return;
        confirmed.current = loaded;
        setVisibility(loaded);
      },
      () => {
        if (!cancelled) setLoadFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const change = async (next: (current: KinkVisibility) => KinkVisibility) => {
    if (!confirmed.current) return;
    const wanted = next(confirmed.current);
    setVisibility(wanted);
    setSaving(true);
    try {
      const saved = await save(wanted);
      confirmed.current = saved;
      setVisibility(saved);
    } catch (error) {
      setVisibility(confirmed.current);
      toast({ title: 'Settings not saved', description: serverError(error)?.message ?? 'Something went wrong. Please try again.', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return {
    visibility,
    loadFailed,
    saving,
    setAll: (sharersOnly: boolean) => change(() => withWholeAudience(sharersOnly ? 'sharers' : 'everyone')),
    setKink: (kink: string, sharersOnly: boolean) => change((current) => withKinkAudience(current, kink, sharersOnly ? 'sharers' : 'everyone')),
  };
}
