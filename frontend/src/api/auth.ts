import type { SignInInput, SignUpInput } from '@nocturne/contracts';
import type { AccountAnswer, AccountUser, CurrentUser, CurrentUserAnswer, OkAnswer, PasswordResetRequestedAnswer } from '@nocturne/contracts/api';
import { requestJson } from './http';

/**
 * The signed-in user as the client holds them: sign-up and sign-in answer the account part
 * (`AccountUser`), `GET /api/auth/user` and the profile saves the whole user (`CurrentUser`), so the
 * profile's fields may still be missing.
 */
export type SessionUser = AccountUser & Partial<CurrentUser>;

export const signUp = (input: SignUpInput) => requestJson<AccountAnswer>('POST', '/api/auth/signup', input);

export const signIn = (input: SignInInput) => requestJson<AccountAnswer>('POST', '/api/auth/signin', input);

/** The signed-in user; a 401 (signed out) raises an HttpError like any other failure. */
export async function fetchCurrentUser(): Promise<CurrentUser> {
  return (await requestJson<CurrentUserAnswer>('GET', '/api/auth/user')).user;
}

export const signOut = () => requestJson<OkAnswer>('POST', '/api/auth/signout');

export const requestPasswordReset = (email: string) => requestJson<PasswordResetRequestedAnswer>('POST', '/api/forgot-password', { email });

export const resetPassword = (token: string, password: string) =>
  requestJson<OkAnswer>('POST', '/api/reset-password', { token, password });
