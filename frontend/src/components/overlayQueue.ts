import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * One overlay at a time. Every open Dialog is counted; an overlay that arrives on its own (a live match
 * popup, not one the person asked for) waits in line with `useOverlayTurn` and shows only once no dialog is
 * open and the overlays ahead of it have gone.
 */
let openDialogs = 0;
const waiting: number[] = [];
let holder: number | null = null;
let nextTicket = 1;
const listeners = new Set<() => void>();

function settle() {
  if (holder === null && openDialogs === 0 && waiting.length > 0) holder = waiting.shift()!;
  for (const listener of listeners) listener();
}

export function dialogOpened(): () => void {
  openDialogs += 1;
  settle();
  return () => {
    openDialogs -= 1;
    // After the dialog's own cleanup (focus return), so the next overlay does not race it.
    queueMicrotask(settle);
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the overlay that `wants` to show may show now; it keeps its turn until it no longer wants it. */
export function useOverlayTurn(wants: boolean): boolean {
  const [ticket] = useState(() => nextTicket++);
  useEffect(() => {
    if (!wants) return;
    const id = ticket;
    waiting.push(id);
    settle();
    return () => {
      const index = waiting.indexOf(id);
      if (index >= 0) waiting.splice(index, 1);
      if (holder === id) holder = null;
      queueMicrotask(settle);
    };
  }, [wants, ticket]);
  return useSyncExternalStore(subscribe, () => wants && holder === ticket);
}
