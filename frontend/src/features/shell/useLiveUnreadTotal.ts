import { useEffect, useRef, useState } from 'react';
import { useLiveSubscription } from '../../live/useLiveSubscription';

/**
 * The unread total for the Messages badge, live (its subscription also makes the person count as online).
 * `onTotal` hears each value with the one before it (null for the first), so a rise can be noticed.
 */
export function useLiveUnreadTotal(onTotal?: (total: number, previous: number | null) => void): number {
  const [total, setTotal] = useState(0);
  const previous = useRef<number | null>(null);
  const handler = useRef(onTotal);
  useEffect(() => {
    handler.current = onTotal;
  });
  useLiveSubscription<{ unreadTotal: number }>('subscription Unread { unreadTotal }', {}, (value) => {
    handler.current?.(value.unreadTotal, previous.current);
    previous.current = value.unreadTotal;
    setTotal(value.unreadTotal);
  });
  return total;
}
