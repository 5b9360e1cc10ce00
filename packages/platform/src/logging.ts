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
  /** Defaults to process.env (LOG_LEVEL, LOG_FORMAT; silent under jest unless LOG_LEVEL is set). */
  env?: NodeJS.ProcessEnv;
  /** Where to write; defaults to stdout. Tests pass a stream to read the output. */
  destination?: pino.DestinationStream;
}

const LEVEL_NAMES: Record<number, { label: string; colour: string }> = {
  10: { label: 'TRACE', colour: '90' },
  20: { label: 'DEBUG', colour: '36' },
  30: { label: 'INFO ', colour: '32' },
  40: { label: 'WARN ', colour: '33' },
  50: { label: 'ERROR', colour: '31' },
  60: { label: 'FATAL', colour: '35' },
};
/** Written by pino on every line, or shown in the line's head: not repeated among its fields. */
const HEAD_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'name', 'service', 'component', 'msg']);

/**
 * One JSON log line as a person reads it in a terminal: time, level, where it comes from, the message, then
 * the other fields as `key=value` (an error's stack on lines of its own). What is not JSON passes as it is.
 */
export function formatLogLine(line: string, colours = true): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const paint = (code: string, text: string) => (colours ? `\u001b[${code}m${text}\u001b[0m` : text);
  const level = LEVEL_NAMES[Number(entry.level)] ?? { label: String(entry.level).toUpperCase().padEnd(5), colour: '0' };
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 23) : '';
  const origin = [entry.service ?? entry.name, entry.component].filter((part) => typeof part === 'string' && part !== '').join('/');
  let stack = '';
  const fields = Object.entries(entry)
    .filter(([key]) => !HEAD_FIELDS.has(key))
    .map(([key, value]) => {
      if (key === 'err' && value && typeof value === 'object') {
        const error = value as { message?: unknown; stack?: unknown };
        if (typeof error.stack === 'string') stack = `\n${paint('90', error.stack)}`;
        return `err=${JSON.stringify(error.message ?? '')}`;
      }
      return `${key}=${typeof value === 'string' && !/[\s"=]/.test(value) ? value : JSON.stringify(value)}`;
    });
  const message = typeof entry.msg === 'string' ? entry.msg : '';
  return `${paint('90', time)} ${paint(level.colour, level.label)} ${paint('1', origin.padEnd(8))} ${message}${fields.length ? ` ${paint('90', fields.join(' '))}` : ''}${stack}\n`;
}

/**
 * Where a logger writes: JSON lines, or readable lines when stdout is a terminal (LOG_FORMAT=pretty forces
 * them, LOG_FORMAT=json keeps JSON on a terminal too). Formatting happens at the destination, after
 * redaction, so what a terminal shows is what a log collector would have received.
 */
function stdoutDestination(env: NodeJS.ProcessEnv): pino.DestinationStream | undefined {
  const format = env.LOG_FORMAT?.trim().toLowerCase();
  if (format && format !== 'json' && format !== 'pretty') throw new Error(`LOG_FORMAT must be json or pretty, got "${env.LOG_FORMAT}"`);
  const pretty = format === 'pretty' || (format !== 'json' && process.stdout.isTTY === true);
  if (!pretty) return undefined;
  const colours = process.stdout.isTTY === true && env.NO_COLOR === undefined;
  return { write: (line: string) => void process.stdout.write(formatLogLine(line.trimEnd(), colours)) };
}

/** The one logger factory: JSON lines to stdout (readable ones on a terminal), secrets redacted wherever they sit. */
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
  const destination = options.destination ?? stdoutDestination(env);
  return destination ? pino(config, destination) : pino(config);
}
