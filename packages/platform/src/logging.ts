import pino, { type Logger } from 'pino';

export type { Logger } from 'pino';

/** Fields that must never reach a log, at any depth. */
export const REDACTED_FIELDS = ['password', 'token', 'cookie', 'authorization', 'set-cookie', 'x-nocturne-context'] as const;

const REDACTED_SET = new Set<string>(REDACTED_FIELDS);
const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/**
 * pino's path-based redaction cannot say "at any depth", so a serializer walks every logged object
 * instead; it copies only objects that contain a secret.
 */
export function redact(value: unknown, seen = new WeakSet<object>()): unknown {
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
  };
  return options.destination ? pino(config, options.destination) : pino(config);
}
