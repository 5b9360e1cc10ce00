import { act, renderHook, waitFor } from '@testing-library/react';
import { createUserResource } from './userResource';

describe('createUserResource', () => {
  it('loads the value when a screen using it mounts', async () => {
    const load = jest.fn(async () => ({ plan: 'free' }));
    const resource = createUserResource(load);
    const { result } = renderHook(() => resource.use(7));
    expect(result.current.value).toBeNull();
    await waitFor(() => expect(result.current.value).toEqual({ plan: 'free' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts from an answer the page already has: drawn in the first render, and not asked again', async () => {
    const load = jest.fn(async () => ({ plan: 'free' }));
    const arrived = jest.fn(() => ({ plan: 'plus' }));
    const resource = createUserResource(load, { arrived });
    const renders: Array<{ plan: string } | null> = [];
    const { result } = renderHook(() => {
      const used = resource.use(7);
      renders.push(used.value);
      return used;
    });
    expect(renders[0]).toEqual({ plan: 'plus' });
    await act(async () => {});
    expect(result.current.value).toEqual({ plan: 'plus' });
    expect(load).not.toHaveBeenCalled();
  });

  it('loads as usual when the page has no such answer', async () => {
    const load = jest.fn(async () => ({ plan: 'free' }));
    const resource = createUserResource(load, { arrived: () => undefined });
    const { result } = renderHook(() => resource.use(7));
    await waitFor(() => expect(result.current.value).toEqual({ plan: 'free' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows a value set by one screen on every other at once', async () => {
    const resource = createUserResource(async () => ({ plan: 'free' }));
    const first = renderHook(() => resource.use(7));
    const second = renderHook(() => resource.use(7));
    await waitFor(() => expect(second.result.current.value).toEqual({ plan: 'free' }));
    act(() => resource.set(7, { plan: 'plus' }));
    expect(first.result.current.value).toEqual({ plan: 'plus' });
    expect(second.result.current.value).toEqual({ plan: 'plus' });
  });

  it("never shows the previous person's value to the next one", async () => {
    let answer = { plan: 'max' };
    const resource = createUserResource(async () => answer);
    await resource.refresh(7);
    answer = { plan: 'free' };
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = createUserResource(async () => {
      await gate;
      return answer;
    });
    slow.set(7, { plan: 'max' });
    const { result } = renderHook(() => slow.use(8));
    expect(result.current.value).toBeNull();
    await act(async () => release());
    await waitFor(() => expect(result.current.value).toEqual({ plan: 'free' }));
  });

  it('says it failed when the first read fails, and keeps a value it had when a later one does', async () => {
    let fail = true;
    const resource = createUserResource(async () => {
      if (fail) throw new Error('Failed to fetch');
      return { plan: 'free' };
    });
    const { result } = renderHook(() => resource.use(7));
    await waitFor(() => expect(result.current.failed).toBe(true));
    fail = false;
    await act(() => result.current.refresh());
    expect(result.current).toMatchObject({ value: { plan: 'free' }, failed: false });
    fail = true;
    await act(() => result.current.refresh().catch(() => {}));
    expect(result.current).toMatchObject({ value: { plan: 'free' }, failed: false });
  });
});
