import { fetchCurrentUser, type AccountUser } from '../api/auth';

let early: Promise<AccountUser> | undefined;

/**
 * Asks who is signed in with the app's start, when it opens on a signed-in screen: the session check
 * then does not wait for the first render to ask (on a phone, the app's start-up is most of the wait).
 */
export function prefetchSession(): void {
  const load = fetchCurrentUser();
  // Read by the session check, which reports a failure; never an unhandled rejection meanwhile.
  load.catch(() => undefined);
  early = load;
}

/** Who is signed in: the early answer, once; every later question (a retry, a refresh) asks the server. */
export function loadSessionUser(): Promise<AccountUser> {
  const taken = early;
  early = undefined;
  return taken ?? fetchCurrentUser();
}
