import type { SessionUser } from '../api/auth';

/**
 * Browser storage keys of the spec (point 3, 'Browser storage'): the signed-in user's id and a signed-in
 * flag, and nothing else. They live in the tab's session storage, which ends with the tab: nothing about
 * the person stays in the browser's long-lived storage. The real session is the HttpOnly cookie, and the
 * screens get the user (name, email...) from the server (`GET /api/auth/user`).
 */
export const StorageKeys = {
  currentUserId: 'currentUserId',
  signedIn: 'isAuthenticated',
} as const;

/** What earlier versions kept in localStorage, the whole user object with the email among it. */
const legacyLocalKeys = ['currentUserId', 'isAuthenticated', 'user'] as const;

const tabStorage = (): Storage => window.sessionStorage;

/** Removes the copies earlier versions left in localStorage (run whenever sign-in state changes). */
export function forgetLegacyCopies(storage: Storage = window.localStorage): void {
  for (const key of legacyLocalKeys) storage.removeItem(key);
}

export function rememberSignedInUser(user: Pick<SessionUser, 'id'>, storage: Storage = tabStorage()): void {
  storage.setItem(StorageKeys.currentUserId, String(user.id));
  storage.setItem(StorageKeys.signedIn, 'true');
  forgetLegacyCopies();
}

export function storedCurrentUserId(storage: Storage = tabStorage()): number | undefined {
  const id = Number.parseInt(storage.getItem(StorageKeys.currentUserId) ?? '', 10);
  return Number.isFinite(id) ? id : undefined;
}

/** Onboarding is done: the id was only kept to carry the new account into it. */
export function forgetCurrentUserId(storage: Storage = tabStorage()): void {
  storage.removeItem(StorageKeys.currentUserId);
}

/** Sign-out: the session storage is cleared (the spec), and any copy an earlier version left behind. */
export function forgetSignedInUser(session: Storage = tabStorage()): void {
  session.clear();
  forgetLegacyCopies();
}
