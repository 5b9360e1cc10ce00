import { createContext, useContext } from 'react';
import type { AccountUser } from '../api/auth';

export const SessionContext = createContext<AccountUser | null>(null);

/** The signed-in user; only valid below <RequireSession>. */
export function useSignedInUser(): AccountUser {
  const user = useContext(SessionContext);
  if (!user) throw new Error('useSignedInUser must be used below <RequireSession>');
  return user;
}
