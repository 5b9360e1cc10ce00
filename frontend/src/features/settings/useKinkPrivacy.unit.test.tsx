import { act, renderHook, waitFor } from '@testing-library/react';
import type { KinkVisibility } from '@nocturne/contracts';
import { toastStore } from '../../toast/toastStore';
import { useKinkPrivacy, withKinkAudience, withWholeAudience } from './useKinkPrivacy';

const everyone: KinkVisibility = { audience: 'everyone', perKink: [] };

describe('kink privacy in Settings', () => {
  afterEach(() => toastStore.dismiss());

  it('sets all kinks at once, dropping the choices made one by one', () => {
    expect(withWholeAudience('sharers')).toEqual({ audience: 'sharers', perKink: [] });
  });

  it('sets one kink, and a choice equal to the one for all needs no entry', () => {
    const hidden = withKinkAudience(everyone, 'Brat', 'sharers');
    expect(hidden).toEqual({ audience: 'everyone', perKink: [{ kink: 'Brat', audience: 'sharers' }] });
    expect(withKinkAudience(hidden, 'Brat', 'everyone')).toEqual(everyone);
    expect(withKinkAudience({ audience: 'sharers', perKink: [] }, 'Praise', 'everyone')).toEqual({ audience: 'sharers', perKink: [{ kink: 'Praise', audience: 'everyone' }] });
  });

  it('loads the choice, shows a change at once and keeps what the server saved', async () => {
    const save = jest.fn(async (visibility: KinkVisibility) => visibility);
    const { result } = renderHook(() => useKinkPrivacy(async () => everyone, save));
    await waitFor(() => expect(result.current.visibility).toEqual(everyone));
    await act(async () => {
      await result.current.setKink('Rope Play', true);
    });
    expect(save).toHaveBeenCalledWith({ audience: 'everyone', perKink: [{ kink: 'Rope Play', audience: 'sharers' }] });
    expect(result.current.visibility).toEqual({ audience: 'everyone', perKink: [{ kink: 'Rope Play', audience: 'sharers' }] });
    expect(result.current.saving).toBe(false);
  });

  it('flips back and says so when the save fails', async () => {
    const save = jest.fn(async () => {
      throw new Error('Failed to fetch');
    });
    const { result } = renderHook(() => useKinkPrivacy(async () => everyone, save));
    await waitFor(() => expect(result.current.visibility).toEqual(everyone));
    await act(async () => {
      await result.current.setAll(true);
    });
    expect(result.current.visibility).toEqual(everyone);
    expect(toastStore.getSnapshot()[0]).toMatchObject({ title: 'Settings not saved', variant: 'destructive' });
  });

  it('says when the choice cannot be loaded, and changes nothing', async () => {
    const save = jest.fn(async (visibility: KinkVisibility) => visibility);
    const { result } = renderHook(() => useKinkPrivacy(async () => Promise.reject(new Error('down')), save));
    await waitFor(() => expect(result.current.loadFailed).toBe(true));
    await act(async () => {
      await result.current.setAll(true);
    });
    expect(save).not.toHaveBeenCalled();
  });
});
