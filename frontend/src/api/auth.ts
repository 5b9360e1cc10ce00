import type { NotificationPreferences, SignInInput, SignUpInput } from '@nocturne/contracts';
import { requestJson } from './http';

/**
 * The signed-in user as `GET /api/auth/user` describes them. Sign-up and sign-in answer the account part
 * only, so the profile fields are optional.
 */
export interface AccountUser {
  id: number;
  username: string;
  name: string;
  email?: string;
  age?: number;
  createdAt?: string;
  /** null until onboarding. */
  gender?: string | null;
  bio?: string | null;
  /** Display URLs; the thumbnail is the same URL ending in /thumb. */
  photos?: string[];
  avatarUrl?: string;
  kinks?: string[];
  interests?: string[];
  nightOwlScore?: number;
  isOnline?: boolean;
  lastSeen?: string | null;
  location?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  isVerified?: boolean;
  onboardingCompleted?: boolean;
  notificationPreferences?: NotificationPreferences | null;
  timeZone?: string | null;
  stats?: { likes: number; matches: number };
  /** The city the person chose to show on their card. */
  publicCity?: string | null;
  /** Whether other people's decks can show the person, and what is missing if not (decisions.md, Discovery). */
  discovery?: { visible: boolean; missing: 'onboarding' | 'position' | null };
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
