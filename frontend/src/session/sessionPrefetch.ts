import { fetchCurrentUser, type SessionUser } from '../api/auth';

let early: Promise<SessionUser> | undefined;
/** The early answer once it has arrived, while it has not been taken. */
let arrived: SessionUser | undefined;

/**
 * Asks who is signed in with the app's start, when it opens on a signed-in screen: the session check
 * then does not wait for the first render to ask (on a phone, the app's start-up is most of the wait).
 * Settles when the answer is in, whatever it is.
 */
export function prefetchSession(): Promise<void> {
  const load = fetchCurrentUser();
  early = load;
  arrived = undefined;
  // Read by the session check, which reports a failure; never an unhandled rejection meanwhile.
  return load.then(
    (user) => {
      if (early === load) arrived = user;
    },
    () => undefined,
  );
}

/** Who is signed in: the early answer, once; every later question (a retry, a refresh) asks the server. */
export function loadSessionUser(): Promise<SessionUser> {
  const taken = early;
  early = undefined;
  arrived = undefined;
  return taken ?? fetchCurrentUser();
}

/**
 * The early answer when it has arrived already and named someone, taken like `loadSessionUser`'s: the
 * first render then starts signed in instead of checking and rendering the screen a second time.
 */
export function takeArrivedSessionUser(): SessionUser | undefined {
  const user = arrived;
  if (user) {
    early = undefined;
    arrived = undefined;
  }
  return user;
}
