import { useState } from 'react';
import { useLiveSubscription } from '../../live/useLiveSubscription';

/** The unread total for the Messages badge, live (its subscription also makes the person count as online). */
export function useLiveUnreadTotal(): number {
  const [total, setTotal] = useState(0);
  useLiveSubscription<{ unreadTotal: number }>('subscription Unread { unreadTotal }', {}, (value) => setTotal(value.unreadTotal));
  return total;
}
