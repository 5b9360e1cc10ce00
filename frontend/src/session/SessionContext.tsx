import { createContext, useContext } from 'react';
import type { AccountUser } from '../api/auth';

export const SessionContext = createContext<AccountUser | null>(null);

/** The signed-in user; only valid below <RequireSession>. */
export function useSignedInUser(): AccountUser {
  const user = useContext(SessionContext);
  if (!user) throw new Error('useSignedInUser must be used below <RequireSession>');
  return user;
}

export interface SessionActions {
  /** Asks the server for the signed-in user again and shares the answer with every screen. */
  refresh(): Promise<AccountUser>;
}

export const SessionActionsContext = createContext<SessionActions>({
  refresh: () => Promise.reject(new Error('No session to refresh outside <RequireSession>')),
});

export const useSessionActions = () => useContext(SessionActionsContext);
