import { createToastStore, isSwipeDismiss, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS } from './toastStore';

describe('toast store', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows one toast at a time: a new one replaces the previous', () => {
    const store = createToastStore();
    store.toast({ title: 'First' });
    store.toast({ title: 'Second', variant: 'destructive' });
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ title: 'Second', variant: 'destructive', open: true })]);
  });

  it('uses the default variant unless told otherwise', () => {
    const store = createToastStore();
    store.toast({ title: 'Hello' });
    expect(store.getSnapshot()[0]!.variant).toBe('default');
  });

  it('closes a toast after 5000 ms and removes it after the remove delay', () => {
    const store = createToastStore();
    store.toast({ title: 'Reset Email Sent' });
    jest.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(store.getSnapshot()[0]!.open).toBe(true);
    jest.advanceTimersByTime(1);
    expect(store.getSnapshot()[0]!.open).toBe(false);
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('keeps a replacing toast for its full time even when the replaced one would have expired', () => {
    const store = createToastStore();
    store.toast({ title: 'First' });
    jest.advanceTimersByTime(4000);
    store.toast({ title: 'Second' });
    jest.advanceTimersByTime(4000);
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ title: 'Second', open: true })]);
  });

  it('closes a toast on dismiss and tells subscribers', () => {
    const store = createToastStore();
    const listener = jest.fn();
    store.subscribe(listener);
    const id = store.toast({ title: 'Welcome back!' });
    store.dismiss(id);
    expect(store.getSnapshot()[0]!.open).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('dismisses on a rightward swipe of at least 50 px only', () => {
    expect(isSwipeDismiss(49)).toBe(false);
    expect(isSwipeDismiss(50)).toBe(true);
    expect(isSwipeDismiss(120)).toBe(true);
    expect(isSwipeDismiss(-80)).toBe(false);
  });
});
