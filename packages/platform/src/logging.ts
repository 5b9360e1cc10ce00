import pino, { type Logger } from 'pino';
import { activeTraceIds } from './telemetry/tracing';

export type { Logger } from 'pino';

/** Fields that must never reach a log, at any depth. */
export const REDACTED_FIELDS = ['password', 'token', 'cookie', 'authorization', 'set-cookie', 'x-nocturne-context', 'x-nocturne-set-session', 'x-nocturne-set-device', 'email'] as const;

/** `scheme://user:password@host`: the credentials of a connection URL (SMTP_URL, REDIS_URL...). */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]+@/gi;
/** Query or fragment parameters that carry a secret (`/reset-password?token=...`), whatever the URL. */
const URL_SECRETS = /([?&#;](?:[a-z_-]*token|code|key|api[_-]?key|secret|password|passwd|pwd|sig|signature|session|sid)=)[^&#\s"'<>]+/gi;
/** Email addresses, wherever they appear in a text (a message, an error from the mail server). */
const EMAIL_ADDRESSES = /[A-Za-z0-9.!#$%&'*+=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}/g;

/** A text with secrets in URLs and email addresses blanked out: for messages and every logged string. */
export function scrubText(text: string): string {
  if (!text.includes('@') && !text.includes('=')) return text;
  return text.replace(URL_CREDENTIALS, '$1[Redacted]@').replace(URL_SECRETS, '$1[Redacted]').replace(EMAIL_ADDRESSES, '[email]');
}

const REDACTED_SET = new Set<string>(REDACTED_FIELDS);
const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/**
 * pino's path-based redaction cannot say "at any depth", so a serializer walks every logged object
 * instead; it copies only objects that contain a secret.
 */
export function redact(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value) || value instanceof Error || Buffer.isBuffer(value) || value instanceof Date) return value;
  seen.add(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const cleaned = redact(item, seen);
      if (cleaned !== item) (copy ??= [...value])[index] = cleaned;
    });
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const cleaned = REDACTED_SET.has(key.toLowerCase()) ? '[Redacted]' : redact(item, seen);
    if (cleaned !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = cleaned;
  }
  return copy ?? value;
}

function levelFromEnv(env: NodeJS.ProcessEnv): string {
  const level = env.LOG_LEVEL?.trim().toLowerCase();
  if (!level) return env.NODE_ENV === 'test' ? 'silent' : 'info';
  if (!LEVELS.has(level)) throw new Error(`LOG_LEVEL must be one of ${[...LEVELS].join(', ')}, got "${env.LOG_LEVEL}"`);
  return level;
}

export interface LoggerOptions {
  /** Defaults to process.env (LOG_LEVEL; silent under jest unless LOG_LEVEL is set). */
  env?: NodeJS.ProcessEnv;
  /** Where to write; defaults to stdout. Tests pass a stream to read the output. */
  destination?: pino.DestinationStream;
}

/** The one logger factory: JSON lines to stdout, secrets redacted wherever they sit. */
export function createLogger(name: string, options: LoggerOptions = {}): Logger {
  const env = options.env ?? process.env;
  const config: pino.LoggerOptions = {
    name,
    level: levelFromEnv(env),
    base: { service: name },
    // pino resets the bindings formatter for children, so path redaction covers child bindings.
    redact: { paths: REDACTED_FIELDS.flatMap((field) => [`["${field}"]`, `*["${field}"]`]), censor: '[Redacted]' },
    formatters: {
      log: (object) => redact(object) as Record<string, unknown>,
    },
    serializers: { err: (error: unknown) => redact(pino.stdSerializers.err(error as Error)) },
    // Within a trace, every line names it: a log line leads to its trace and back.
    mixin: () => activeTraceIds() ?? {},
    // The message text too: `logger.info('mail to x@y.z')` must not print the address.
    hooks: {
      logMethod(args, method) {
        return method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)) as Parameters<typeof method>);
      },
    },
  };
  return options.destination ? pino(config, options.destination) : pino(config);
}
