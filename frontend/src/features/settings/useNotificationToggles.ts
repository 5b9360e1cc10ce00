import { useRef, useState } from 'react';
import { DefaultNotificationPreferences, type NotificationPreferences } from '@nocturne/contracts';
import { serverError } from '../../api/http';
import { toast } from '../../toast/toastStore';

export type NotificationKey = keyof NotificationPreferences;

/**
 * The settings toggles: a change shows at once and is saved to the server; when the save fails the
 * toggle flips back and a toast says so. The screen holds the switches while a save runs, so saves never race.
 */
export function useNotificationToggles(
  initial: NotificationPreferences | null | undefined,
  save: (preferences: NotificationPreferences) => Promise<unknown>,
  onSaved?: (preferences: NotificationPreferences) => void,
) {
  const [preferences, setPreferences] = useState<NotificationPreferences>(initial ?? DefaultNotificationPreferences);
  const [saving, setSaving] = useState<NotificationKey | null>(null);
  const confirmed = useRef(preferences);

  const toggle = async (key: NotificationKey, value: boolean) => {
    const next = { ...confirmed.current, [key]: value };
    setPreferences(next);
    setSaving(key);
    try {
      await save(next);
      confirmed.current = next;
      onSaved?.(next);
    } catch (error) {
      setPreferences(confirmed.current);
      toast({
        title: 'Settings not saved',
        description: serverError(error)?.message ?? 'Something went wrong. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSaving(null);
    }
  };

  return { preferences, saving, toggle };
}
