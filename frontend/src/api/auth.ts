import type { SignInInput, SignUpInput } from '@nocturne/contracts';
import { requestJson } from './http';

export interface AccountUser {
  id: number;
  username: string;
  name: string;
  email?: string;
  age?: number;
  bio?: string | null;
}

interface UserResponse {
  user: AccountUser;
}

export const signUp = (input: SignUpInput) => requestJson<UserResponse>('POST', '/api/auth/signup', input);

export const signIn = (input: SignInInput) => requestJson<UserResponse>('POST', '/api/auth/signin', input);

/** The signed-in user; a 401 (signed out) raises an HttpError like any other failure. */
export async function fetchCurrentUser(): Promise<AccountUser> {
  const body = await requestJson<AccountUser | UserResponse>('GET', '/api/auth/user');
  return 'user' in body ? body.user : body;
}

export const signOut = () => requestJson<unknown>('POST', '/api/auth/signout');

export const requestPasswordReset = (email: string) => requestJson<unknown>('POST', '/api/forgot-password', { email });

export const resetPassword = (token: string, password: string) =>
  requestJson<unknown>('POST', '/api/reset-password', { token, password });
