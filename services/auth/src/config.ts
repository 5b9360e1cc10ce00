import type { ServiceConfig } from '@nocturne/platform/kit';
import type { AuthRateLimits } from './account/application';
import type { Argon2Settings } from './infrastructure/argon2Passwords';
import type { MailerSettings } from './infrastructure/mailer';

/** Everything the auth service needs to know; `environment.ts` builds it from the environment. */
export interface AuthConfig extends ServiceConfig {
  /**
   * Secret of the keyed hashes naming claim streams; the same on every instance, and never changed (the
   * names claimed so far would be free again). Unset: one is made and kept with the service's data keys.
   */
  claimKey?: string;
  /** Where the browser reaches the app: reset links point here. */
  publicUrl: string;
  mail: MailerSettings;
  sessions: { idleMinutes: number; maxDays: number };
  /** How long a device that signed in stays known (the device cookie's lifetime). */
  knownDeviceDays: number;
  rateLimits: AuthRateLimits;
  resetTokenValidMinutes: number;
  passwordHashing?: Argon2Settings;
}

const minutes = (count: number) => count * 60_000;

export const defaultRateLimits: AuthRateLimits = {
  signInFailuresPerAccount: { limit: 10, windowMs: minutes(15) },
  signInFailuresPerDevice: { limit: 10, windowMs: minutes(15) },
  signInFailuresPerAddress: { limit: 100, windowMs: minutes(15) },
  signUpsPerAddress: { limit: 100, windowMs: minutes(60) },
  signUpsPerEmail: { limit: 5, windowMs: minutes(24 * 60) },
  takenEmailAnswersPerAddress: { limit: 5, windowMs: minutes(24 * 60) },
  resetRequestsPerEmail: { limit: 5, windowMs: minutes(60) },
  resetRequestsPerAddress: { limit: 50, windowMs: minutes(60) },
};

export const defaultAuthConfig: Omit<AuthConfig, 'internalSecret'> = {
  port: 4001,
  host: '127.0.0.1',
  publicUrl: 'http://localhost:8080',
  mail: { from: 'Nocturne <no-reply@nocturne.local>' },
  sessions: { idleMinutes: 7 * 24 * 60, maxDays: 30 },
  knownDeviceDays: 180,
  rateLimits: defaultRateLimits,
  resetTokenValidMinutes: 30,
};
