import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

interface ResourceState<T> {
  userId: number | null;
  value: T | null;
  failed: boolean;
}

export interface UserResource<T> {
  /** Asks the server again; every screen showing the value sees the answer. */
  refresh(userId: number): Promise<T>;
  /** Shares a value the server just answered with (after a write), without asking again. */
  set(userId: number, value: T): void;
  /**
   * The value for this person: read afresh when a screen using it mounts, unless the page's own early
   * answer (`arrived`) gave it for that first render.
   */
  use(userId: number): { value: T | null; failed: boolean; refresh: () => Promise<T> };
}

/**
 * One server value about the signed-in person (their plan, their swipe window) shared by every screen
 * that shows it, so a change made on one (choosing a plan) shows on the others at once. Keyed by the
 * person: after signing in as someone else nothing of the previous person is shown.
 */
export function createUserResource<T>(load: () => Promise<T>, { arrived }: { arrived?: () => T | null | undefined } = {}): UserResource<T> {
  let state: ResourceState<T> = { userId: null, value: null, failed: false };
  const listeners = new Set<() => void>();
  const emit = (next: ResourceState<T>) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const getSnapshot = () => state;

  const set = (userId: number, value: T) => emit({ userId, value, failed: false });

  // A late answer for someone who is no longer signed in must not overwrite the current person's.
  let askingFor: number | null = null;
  const refresh = async (userId: number) => {
    askingFor = userId;
    try {
      const value = await load();
      if (askingFor === userId) set(userId, value);
      return value;
    } catch (error) {
      if (askingFor === userId && (state.userId !== userId || state.value === null)) emit({ userId, value: null, failed: true });
      throw error;
    }
  };

  return {
    refresh,
    set,
    use(userId) {
      // An answer the page asked for with itself and has already (`arrived`) is the first value: the
      // screen draws it in its first render, and neither asks again nor renders again when mounted.
      const [arrivedFirst] = useState(() => {
        if (state.userId === userId && state.value !== null) return false;
        const value = arrived?.();
        if (value === undefined || value === null) return false;
        state = { userId, value, failed: false };
        return true;
      });
      const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
      const again = useCallback(() => refresh(userId), [userId]);
      useEffect(() => {
        if (!arrivedFirst) again().catch(() => {});
      }, [again, arrivedFirst]);
      const mine = snapshot.userId === userId;
      return { value: mine ? snapshot.value : null, failed: mine && snapshot.failed, refresh: again };
    },
  };
}
