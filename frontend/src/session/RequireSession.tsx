import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import styled from 'styled-components';
import type { SessionUser } from '../api/auth';
import { HttpError } from '../api/http';
import { Button } from '../components/Button';
import { MoonIcon } from '../components/icons';
import { NightScreen } from '../components/NightScreen';
import { Spinner } from '../components/Spinner';
import { forgetLegacyCopies } from './browserSession';
import { loadSessionUser, takeArrivedSessionUser } from './sessionPrefetch';
import { SessionActionsContext, SessionContext } from './SessionContext';

export type SessionCheck = { status: 'checking' } | { status: 'signedIn'; user: SessionUser } | { status: 'signedOut' } | { status: 'unavailable' };

/** Only a 401 means signed out; anything else (gateway down, 500) is a problem worth retrying, not a sign-in. */
export const outcomeOfFailedCheck = (error: unknown): SessionCheck =>
  error instanceof HttpError && error.status === 401 ? { status: 'signedOut' } : { status: 'unavailable' };

/**
 * Guards the signed-in routes: asks the server who is signed in once, then renders them or goes to /signin.
 * When the answer asked with the app's start is in before the first render (`arrivedUser`), the screen
 * renders signed in from its first frame: one render of the whole screen instead of two.
 */
export function RequireSession({ loadUser = loadSessionUser, arrivedUser = takeArrivedSessionUser }: { loadUser?: () => Promise<SessionUser>; arrivedUser?: () => SessionUser | undefined }) {
  const [check, setCheck] = useState<SessionCheck>(() => {
    const user = arrivedUser();
    return user ? { status: 'signedIn', user } : { status: 'checking' };
  });
  const answeredAlready = useRef(check.status === 'signedIn');
  const [attempt, setAttempt] = useState(0);
  const location = useLocation();
  const refresh = useCallback(async () => {
    const user = await loadUser();
    setCheck({ status: 'signedIn', user });
    return user;
  }, [loadUser]);
  const actions = useMemo(() => ({ refresh }), [refresh]);

  // A browser an earlier version signed in kept the user object in localStorage: drop it on the next visit.
  useEffect(() => forgetLegacyCopies(), []);

  useEffect(() => {
    if (answeredAlready.current) {
      answeredAlready.current = false;
      return;
    }
    let current = true;
    loadUser().then(
      (user) => current && setCheck({ status: 'signedIn', user }),
      (error: unknown) => current && setCheck(outcomeOfFailedCheck(error)),
    );
    return () => {
      current = false;
    };
  }, [loadUser, attempt]);

  switch (check.status) {
    case 'signedIn':
      // decisions.md, Discovery: until onboarding is complete, every signed-in screen leads there.
      if (check.user.onboardingCompleted === false) return <Navigate to="/onboarding" replace />;
      return (
        <SessionContext.Provider value={check.user}>
          <SessionActionsContext.Provider value={actions}>
            <Outlet />
          </SessionActionsContext.Provider>
        </SessionContext.Provider>
      );
    case 'signedOut':
      return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
    case 'unavailable':
      return (
        <NightScreen>
          <Centered role="alert">
            <h1>Nocturne can't be reached</h1>
            <p>Check your connection and try again.</p>
            <Button
              $variant="secondary"
              onClick={() => {
                setCheck({ status: 'checking' });
                setAttempt((n) => n + 1);
              }}
            >
              Try again
            </Button>
          </Centered>
        </NightScreen>
      );
    case 'checking':
      return (
        <NightScreen stars={false}>
          <Centered>
            <Mark>
              <MoonIcon size={40} />
            </Mark>
            <Spinner label="Checking your session" />
          </Centered>
        </NightScreen>
      );
  }
}

const Centered = styled.div`
  flex: 1;
  display: grid;
  place-content: center;
  justify-items: center;
  gap: 14px;
  text-align: center;

  h1 {
    font-family: ${({ theme }) => theme.font.display};
    font-size: 1.6rem;
  }

  p {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

/** The app's moon above the spinner: the screen says whose it is from its first frame. */
const Mark = styled.span`
  color: ${({ theme }) => theme.color.moon};
`;
