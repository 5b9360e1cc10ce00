import { useEffect, useRef, useState } from 'react';

/** The current time, refreshed every `intervalMs`. */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * Something read from the clock every `intervalMs` (is it night?): the component renders again only when
 * the answer changes, not on every tick, which keeps a screen's whole tree from redrawing each second.
 */
export function useClockValue<T extends string | number | boolean>(read: (now: Date) => T, intervalMs = 1000): T {
  const [value, setValue] = useState(() => read(new Date()));
  const latestRead = useRef(read);
  useEffect(() => {
    latestRead.current = read;
  });
  useEffect(() => {
    const timer = setInterval(() => setValue(latestRead.current(new Date())), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return value;
}
