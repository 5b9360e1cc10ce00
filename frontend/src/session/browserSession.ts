import type { AccountUser } from '../api/auth';

/** Browser storage keys of the spec (point 3, 'Browser storage'). The real session is the HttpOnly cookie. */
export const StorageKeys = {
  currentUserId: 'currentUserId',
  signedIn: 'isAuthenticated',
  user: 'user',
} as const;

export function rememberSignedInUser(user: AccountUser, storage: Storage = window.localStorage): void {
  storage.setItem(StorageKeys.currentUserId, String(user.id));
  storage.setItem(StorageKeys.signedIn, 'true');
  storage.setItem(StorageKeys.user, JSON.stringify(user));
}

export function storedCurrentUserId(storage: Storage = window.localStorage): number | undefined {
  const id = Number.parseInt(storage.getItem(StorageKeys.currentUserId) ?? '', 10);
  return Number.isFinite(id) ? id : undefined;
}

/** Onboarding is done: the id was only kept to carry the new account into it. */
export function forgetCurrentUserId(storage: Storage = window.localStorage): void {
  storage.removeItem(StorageKeys.currentUserId);
}

export function forgetSignedInUser(storage: Storage = window.localStorage, session: Storage = window.sessionStorage): void {
  for (const key of Object.values(StorageKeys)) storage.removeItem(key);
  session.clear();
}
