import { createContext, useContext } from 'react';
import type { SessionUser } from '../api/auth';

export const SessionContext = createContext<SessionUser | null>(null);

/** The signed-in user; only valid below <RequireSession>. */
export function useSignedInUser(): SessionUser {
  const user = useContext(SessionContext);
  if (!user) throw new Error('useSignedInUser must be used below <RequireSession>');
  return user;
}

export interface SessionActions {
  /** Asks the server for the signed-in user again and shares the answer with every screen. */
  refresh(): Promise<SessionUser>;
}

export const SessionActionsContext = createContext<SessionActions>({
  refresh: () => Promise.reject(new Error('No session to refresh outside <RequireSession>')),
});

export const useSessionActions = () => useContext(SessionActionsContext);
