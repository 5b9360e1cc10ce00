import { act, renderHook } from '@testing-library/react';
import type { NotificationPreferences } from '@nocturne/contracts';
import { toastStore } from '../../toast/toastStore';
import { useNotificationToggles } from './useNotificationToggles';

describe('useNotificationToggles', () => {
  afterEach(() => toastStore.dismiss());

  it('starts from the defaults when the server has none: matches and messages on, likes and marketing off', () => {
    const { result } = renderHook(() => useNotificationToggles(undefined, async () => {}));
    expect(result.current.preferences).toEqual({ matches: true, messages: true, likes: false, marketing: false });
  });

  it('shows the change at once and saves every preference', async () => {
    let finish: () => void = () => {};
    const save = jest.fn((_: NotificationPreferences) => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useNotificationToggles({ matches: true, messages: true, likes: false, marketing: false }, save));
    let pending: Promise<void> = Promise.resolve();
    act(() => {
      pending = result.current.toggle('likes', true);
    });
    expect(result.current.preferences.likes).toBe(true);
    expect(result.current.saving).toBe('likes');
    await act(async () => {
      finish();
      await pending;
    });
    expect(save).toHaveBeenCalledWith({ matches: true, messages: true, likes: true, marketing: false });
    expect(result.current.saving).toBeNull();
    expect(result.current.preferences.likes).toBe(true);
  });

  it('flips back and says so when the save fails', async () => {
    const save = jest.fn(async () => {
      throw new Error('Failed to fetch');
    });
    const { result } = renderHook(() => useNotificationToggles({ matches: true, messages: true, likes: false, marketing: false }, save));
    await act(async () => {
      await result.current.toggle('matches', false);
    });
    expect(result.current.preferences.matches).toBe(true);
    expect(toastStore.getSnapshot()[0]).toMatchObject({ title: 'Settings not saved', variant: 'destructive' });
  });

  it('keeps earlier saved changes when a later one fails', async () => {
    const save = jest.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('down'));
    const { result } = renderHook(() => useNotificationToggles({ matches: true, messages: true, likes: false, marketing: false }, save));
    await act(async () => {
      await result.current.toggle('marketing', true);
    });
    await act(async () => {
      await result.current.toggle('messages', false);
    });
    expect(result.current.preferences).toEqual({ matches: true, messages: true, likes: false, marketing: true });
  });
});
