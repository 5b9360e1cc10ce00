import { ConfigError, parseEnv } from '@nocturne/platform/config';
import { defaultAuthConfig } from './config';
import { authEnvironmentSchema, toAuthConfig } from './environment';

const secret = 'a-secret-of-sixteen-plus';

describe('auth environment', () => {
  it('applies the documented defaults', () => {
    const config = toAuthConfig(parseEnv(authEnvironmentSchema, { INTERNAL_SECRET: secret }));
    expect(config).toEqual({ ...defaultAuthConfig, internalSecret: secret, mail: { ...defaultAuthConfig.mail, outboxDir: '.data/auth/outbox' } });
    expect(config.port).toBe(4001);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.rateLimits).toEqual({
      signInFailuresPerAccount: { limit: 10, windowMs: 15 * 60_000 },
      signInFailuresPerDevice: { limit: 10, windowMs: 15 * 60_000 },
      signInFailuresPerAddress: { limit: 100, windowMs: 15 * 60_000 },
      signUpsPerAddress: { limit: 100, windowMs: 60 * 60_000 },
      signUpsPerEmail: { limit: 5, windowMs: 24 * 60 * 60_000 },
      takenEmailAnswersPerAddress: { limit: 5, windowMs: 24 * 60 * 60_000 },
      resetRequestsPerEmail: { limit: 5, windowMs: 60 * 60_000 },
      resetRequestsPerAddress: { limit: 50, windowMs: 60 * 60_000 },
    });
    expect(config.sessions).toEqual({ idleMinutes: 7 * 24 * 60, maxDays: 30 });
    expect(config.knownDeviceDays).toBe(180);
  });

  it('reads every setting', () => {
    const config = toAuthConfig(
      parseEnv(authEnvironmentSchema, {
        INTERNAL_SECRET: secret,
        AUTH_PORT: '0',
        AUTH_HOST: '0.0.0.0',
        PUBLIC_URL: 'https://nocturne.example',
        SMTP_URL: 'smtp://mailpit:1025',
        MAIL_FROM: 'Nocturne <night@nocturne.example>',
        MAIL_OUTBOX_DIR: '/tmp/outbox',
        SESSION_IDLE_MINUTES: '60',
        SESSION_MAX_DAYS: '2',
        RATE_SIGN_IN_ACCOUNT_LIMIT: '3',
        RATE_SIGN_IN_ACCOUNT_WINDOW_MINUTES: '5',
        RATE_SIGN_IN_DEVICE_LIMIT: '4',
        RATE_SIGN_IN_DEVICE_WINDOW_MINUTES: '6',
        RATE_SIGN_UP_EMAIL_LIMIT: '2',
        RATE_SIGN_UP_EMAIL_WINDOW_MINUTES: '720',
        RATE_SIGN_UP_TAKEN_EMAIL_LIMIT: '3',
        RATE_SIGN_UP_TAKEN_EMAIL_WINDOW_MINUTES: '1440',
        KNOWN_DEVICE_DAYS: '30',
      }),
    );
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      publicUrl: 'https://nocturne.example',
      mail: { smtpUrl: 'smtp://mailpit:1025', from: 'Nocturne <night@nocturne.example>', outboxDir: '/tmp/outbox' },
      sessions: { idleMinutes: 60, maxDays: 2 },
      knownDeviceDays: 30,
      rateLimits: {
        signInFailuresPerAccount: { limit: 3, windowMs: 5 * 60_000 },
        signInFailuresPerDevice: { limit: 4, windowMs: 6 * 60_000 },
        signUpsPerEmail: { limit: 2, windowMs: 720 * 60_000 },
        takenEmailAnswersPerAddress: { limit: 3, windowMs: 1440 * 60_000 },
      },
    });
  });

  it('writes mails to files under the data folder when there is no SMTP server (development)', () => {
    expect(toAuthConfig(parseEnv(authEnvironmentSchema, { INTERNAL_SECRET: secret, NOCTURNE_DATA_DIR: '/var/nocturne' })).mail).toEqual({
      from: defaultAuthConfig.mail.from,
      outboxDir: '/var/nocturne/auth/outbox',
    });
    expect(toAuthConfig(parseEnv(authEnvironmentSchema, { INTERNAL_SECRET: secret, SMTP_URL: 'smtp://mailpit:1025' })).mail).toEqual({
      from: defaultAuthConfig.mail.from,
      smtpUrl: 'smtp://mailpit:1025',
    });
  });

  it('refuses production without SMTP_URL, unless mail is explicitly sent to files', () => {
    const production = { INTERNAL_SECRET: secret, NODE_ENV: 'production' };
    expect(() => parseEnv(authEnvironmentSchema, production)).toThrow(ConfigError);
    expect(() => parseEnv(authEnvironmentSchema, production)).toThrow(/SMTP_URL: is required when NODE_ENV=production/);
    expect(toAuthConfig(parseEnv(authEnvironmentSchema, { ...production, SMTP_URL: 'smtp://mail.example:587' })).mail.smtpUrl).toBe('smtp://mail.example:587');
    expect(toAuthConfig(parseEnv(authEnvironmentSchema, { ...production, MAIL_OUTBOX_DIR: '/var/mail' })).mail).toEqual({ from: defaultAuthConfig.mail.from, outboxDir: '/var/mail' });
  });

  it.each([
    ['INTERNAL_SECRET', {}],
    ['AUTH_PORT', { AUTH_PORT: '70000' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'not a url' }],
    ['SMTP_URL', { SMTP_URL: 'nope' }],
    ['RATE_SIGN_UP_ADDRESS_LIMIT', { RATE_SIGN_UP_ADDRESS_LIMIT: '-1' }],
  ])('names %s when its value is bad', (name, env) => {
    const parse = () => parseEnv(authEnvironmentSchema, { INTERNAL_SECRET: secret, ...env, ...(name === 'INTERNAL_SECRET' && { INTERNAL_SECRET: undefined }) });
    expect(parse).toThrow(ConfigError);
    expect(parse).toThrow(new RegExp(name));
  });
});
