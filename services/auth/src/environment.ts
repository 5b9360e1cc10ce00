import { join } from 'node:path';
import { z } from 'zod';
import { envSchemas } from '@nocturne/platform/config';
import type { AuthRateLimits } from './account/application';
import { defaultAuthConfig, defaultRateLimits, type AuthConfig } from './config';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const minutes = (fallbackMs: number) => envSchemas.positiveInt(fallbackMs / 60_000);

/**
 * The only reader of process.env in the auth service. Rate limits: `<RULE>_LIMIT` attempts per
 * `<RULE>_WINDOW_MINUTES`, e.g. RATE_SIGN_IN_ACCOUNT_LIMIT=10 and RATE_SIGN_IN_ACCOUNT_WINDOW_MINUTES=15.
 * The adapters read their own variables (KAFKA_BROKERS, MONGODB_URI, REDIS_URL, NOCTURNE_DATA_DIR); this
 * schema reads NOCTURNE_DATA_DIR too, for the default mail outbox.
 */
export const authEnvironmentSchema = z
  .object({
    AUTH_PORT: envSchemas.port(defaultAuthConfig.port),
    AUTH_HOST: z.string().trim().min(1).default(defaultAuthConfig.host),
    INTERNAL_SECRET: z.string({ error: 'is required (the gateway signs subgraph calls with it)' }).min(16, 'must be at least 16 characters'),
    CLAIM_KEY: optionalText.pipe(z.string().min(32, 'must be at least 32 characters (openssl rand -base64 32)').optional()),
    PUBLIC_URL: z.url({ error: 'must be an absolute URL such as http://localhost:8080' }).default(defaultAuthConfig.publicUrl),
    SMTP_URL: optionalText.pipe(z.url({ error: 'must be a URL such as smtp://user:pass@host:587' }).optional()),
    MAIL_FROM: z.string().trim().min(3).default(defaultAuthConfig.mail.from),
    MAIL_OUTBOX_DIR: optionalText,
    SESSION_IDLE_MINUTES: envSchemas.positiveInt(defaultAuthConfig.sessions.idleMinutes),
    SESSION_MAX_DAYS: envSchemas.positiveInt(defaultAuthConfig.sessions.maxDays),
    KNOWN_DEVICE_DAYS: envSchemas.positiveInt(defaultAuthConfig.knownDeviceDays),
    PASSWORD_RESET_VALID_MINUTES: envSchemas.positiveInt(defaultAuthConfig.resetTokenValidMinutes),
    RATE_SIGN_IN_ACCOUNT_LIMIT: envSchemas.positiveInt(defaultRateLimits.signInFailuresPerAccount.limit),
    RATE_SIGN_IN_ACCOUNT_WINDOW_MINUTES: minutes(defaultRateLimits.signInFailuresPerAccount.windowMs),
    RATE_SIGN_IN_DEVICE_LIMIT: envSchemas.positiveInt(defaultRateLimits.signInFailuresPerDevice.limit),
    RATE_SIGN_IN_DEVICE_WINDOW_MINUTES: minutes(defaultRateLimits.signInFailuresPerDevice.windowMs),
    RATE_SIGN_IN_ADDRESS_LIMIT: envSchemas.positiveInt(defaultRateLimits.signInFailuresPerAddress.limit),
    RATE_SIGN_IN_ADDRESS_WINDOW_MINUTES: minutes(defaultRateLimits.signInFailuresPerAddress.windowMs),
    RATE_SIGN_UP_ADDRESS_LIMIT: envSchemas.positiveInt(defaultRateLimits.signUpsPerAddress.limit),
    RATE_SIGN_UP_ADDRESS_WINDOW_MINUTES: minutes(defaultRateLimits.signUpsPerAddress.windowMs),
    RATE_SIGN_UP_EMAIL_LIMIT: envSchemas.positiveInt(defaultRateLimits.signUpsPerEmail.limit),
    RATE_SIGN_UP_EMAIL_WINDOW_MINUTES: minutes(defaultRateLimits.signUpsPerEmail.windowMs),
    RATE_SIGN_UP_TAKEN_EMAIL_LIMIT: envSchemas.positiveInt(defaultRateLimits.takenEmailAnswersPerAddress.limit),
    RATE_SIGN_UP_TAKEN_EMAIL_WINDOW_MINUTES: minutes(defaultRateLimits.takenEmailAnswersPerAddress.windowMs),
    RATE_RESET_EMAIL_LIMIT: envSchemas.positiveInt(defaultRateLimits.resetRequestsPerEmail.limit),
    RATE_RESET_EMAIL_WINDOW_MINUTES: minutes(defaultRateLimits.resetRequestsPerEmail.windowMs),
    RATE_RESET_ADDRESS_LIMIT: envSchemas.positiveInt(defaultRateLimits.resetRequestsPerAddress.limit),
    RATE_RESET_ADDRESS_WINDOW_MINUTES: minutes(defaultRateLimits.resetRequestsPerAddress.windowMs),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Where the default mail outbox goes when there is neither SMTP_URL nor MAIL_OUTBOX_DIR (development). */
    NOCTURNE_DATA_DIR: z.string().trim().min(1).default('.data'),
  })
  // Reset links open accounts: in production they go by mail, or to files when that is asked for, never
  // to a log; a start that cannot deliver them is refused rather than silently dropping them.
  .refine((env) => env.NODE_ENV !== 'production' || env.SMTP_URL !== undefined || env.MAIL_OUTBOX_DIR !== undefined, {
    path: ['SMTP_URL'],
    message: 'is required when NODE_ENV=production (password reset mails must be delivered); set MAIL_OUTBOX_DIR instead to write mails to files',
  });
export type AuthEnvironment = z.infer<typeof authEnvironmentSchema>;

const rule = (limit: number, windowMinutes: number) => ({ limit, windowMs: windowMinutes * 60_000 });

export function toAuthConfig(env: AuthEnvironment): AuthConfig {
  // Without SMTP (development), mails are files under the data folder: the log only says where.
  const outboxDir = env.MAIL_OUTBOX_DIR ?? (env.SMTP_URL ? undefined : join(env.NOCTURNE_DATA_DIR, 'auth', 'outbox'));
  const rateLimits: AuthRateLimits = {
    signInFailuresPerAccount: rule(env.RATE_SIGN_IN_ACCOUNT_LIMIT, env.RATE_SIGN_IN_ACCOUNT_WINDOW_MINUTES),
    signInFailuresPerDevice: rule(env.RATE_SIGN_IN_DEVICE_LIMIT, env.RATE_SIGN_IN_DEVICE_WINDOW_MINUTES),
    signInFailuresPerAddress: rule(env.RATE_SIGN_IN_ADDRESS_LIMIT, env.RATE_SIGN_IN_ADDRESS_WINDOW_MINUTES),
    signUpsPerAddress: rule(env.RATE_SIGN_UP_ADDRESS_LIMIT, env.RATE_SIGN_UP_ADDRESS_WINDOW_MINUTES),
    signUpsPerEmail: rule(env.RATE_SIGN_UP_EMAIL_LIMIT, env.RATE_SIGN_UP_EMAIL_WINDOW_MINUTES),
    takenEmailAnswersPerAddress: rule(env.RATE_SIGN_UP_TAKEN_EMAIL_LIMIT, env.RATE_SIGN_UP_TAKEN_EMAIL_WINDOW_MINUTES),
    resetRequestsPerEmail: rule(env.RATE_RESET_EMAIL_LIMIT, env.RATE_RESET_EMAIL_WINDOW_MINUTES),
    resetRequestsPerAddress: rule(env.RATE_RESET_ADDRESS_LIMIT, env.RATE_RESET_ADDRESS_WINDOW_MINUTES),
  };
  return {
    port: env.AUTH_PORT,
    host: env.AUTH_HOST,
    internalSecret: env.INTERNAL_SECRET,
    ...(env.CLAIM_KEY && { claimKey: env.CLAIM_KEY }),
    publicUrl: env.PUBLIC_URL,
    mail: { from: env.MAIL_FROM, ...(env.SMTP_URL && { smtpUrl: env.SMTP_URL }), ...(outboxDir && { outboxDir }) },
    sessions: { idleMinutes: env.SESSION_IDLE_MINUTES, maxDays: env.SESSION_MAX_DAYS },
    knownDeviceDays: env.KNOWN_DEVICE_DAYS,
    rateLimits,
    resetTokenValidMinutes: env.PASSWORD_RESET_VALID_MINUTES,
  };
}
