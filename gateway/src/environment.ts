import { isIP } from 'node:net';
import { z } from 'zod';
import { envSchemas, loadConfig, parseEnv } from '@nocturne/platform/config';
import { DEFAULT_MEDIA_TIMEOUT_MS, DEFAULT_MEDIA_UPLOAD_TIMEOUT_MS } from './mediaProxy';
import { DEFAULT_FRONTEND_DIST, SUPERGRAPH_FILE } from './paths';
import { defaultUsageLimits, type UsageLimits } from './usageLimits';

/** Express's names for address ranges: loopback, link-local and unique-local (private) addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * `TRUST_PROXY`: which `X-Forwarded-For` / `X-Forwarded-Proto` to believe (express's `trust proxy`):
 * unset, `false` or `0` none; a hop count (the proxies in front of the gateway); or a comma-separated list
 * of their addresses or subnets. `true` is refused: it would take the left-most address a client writes
 * as its own, so anyone could choose the address the rate limits count.
 */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((value, context): false | number | string[] => {
    const trimmed = value?.trim() ?? '';
    if (trimmed === '' || trimmed === 'false' || trimmed === '0') return false;
    if (trimmed === 'true') {
      context.addIssue({ code: 'custom', message: "'true' would believe any X-Forwarded-For a client writes: give the number of proxies in front of the gateway (1) or their addresses" });
      return z.NEVER;
    }
    if (/^\d{1,2}$/.test(trimmed)) return Number.parseInt(trimmed, 10);
    const entries = trimmed.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length > 0) {
      context.addIssue({ code: 'custom', message: `must be a hop count or addresses/subnets of the proxies (loopback, 10.0.0.0/8...); not ${wrong.map((entry) => `'${entry}'`).join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });

/** The parsed `TRUST_PROXY` (see trustProxySchema); a wrong value throws with the schema's message. */
export const parseTrustProxy = (value: string | undefined) => parseEnv(z.object({ TRUST_PROXY: trustProxySchema }), { TRUST_PROXY: value }).TRUST_PROXY;

/** The usage limits' variables: read by the gateway process, and by the embedded stack for its gateway. */
const usageLimitsSchema = z.object({
  /** GraphQL requests over HTTP and subscribe messages, per session (per address when signed out) a minute. */
  GRAPHQL_REQUESTS_PER_MINUTE: envSchemas.positiveInt(defaultUsageLimits.requestsPerMinute),
  /** Live WebSockets of one person over every gateway instance. */
  LIVE_SOCKETS_PER_PERSON: envSchemas.positiveInt(defaultUsageLimits.socketsPerPerson),
  /** Subscriptions open at once on one WebSocket. */
  LIVE_SUBSCRIPTIONS_PER_SOCKET: envSchemas.positiveInt(defaultUsageLimits.subscriptionsPerSocket),
});

const usageLimitsOf = (parsed: z.infer<typeof usageLimitsSchema>): UsageLimits => ({
  requestsPerMinute: parsed.GRAPHQL_REQUESTS_PER_MINUTE,
  socketsPerPerson: parsed.LIVE_SOCKETS_PER_PERSON,
  subscriptionsPerSocket: parsed.LIVE_SUBSCRIPTIONS_PER_SOCKET,
});

/** The usage limits of `env` (the embedded stack's variables); a wrong value throws naming the variable. */
export const parseUsageLimits = (env: NodeJS.ProcessEnv): UsageLimits => usageLimitsOf(parseEnv(usageLimitsSchema, env));

const gatewaySchema = usageLimitsSchema.extend({
  PORT: envSchemas.port(8080),
  HOST: z.string().trim().min(1).optional(),
  /** Unset is neither: no developer tools (only `development` turns them on), no production-only checks. */
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  INTERNAL_SECRET: z.string({ error: 'required: the key subgraphs check the gateway signature with' }).min(16, 'must be at least 16 characters'),
  FRONTEND_DIST: z.string().trim().min(1).default(DEFAULT_FRONTEND_DIST),
  SUPERGRAPH_FILE: z.string().trim().min(1).default(SUPERGRAPH_FILE),
  TRUST_PROXY: trustProxySchema,
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SESSION_IDLE_MINUTES: envSchemas.positiveInt(7 * 24 * 60),
  SESSION_MAX_DAYS: envSchemas.positiveInt(30),
  /** Seconds a media GET waits for the profile service's answer to begin before it answers 504. */
  MEDIA_TIMEOUT_SECONDS: envSchemas.positiveInt(DEFAULT_MEDIA_TIMEOUT_MS / 1000),
  /** The same for a photo upload, whose body goes through first: longer. */
  MEDIA_UPLOAD_TIMEOUT_SECONDS: envSchemas.positiveInt(DEFAULT_MEDIA_UPLOAD_TIMEOUT_MS / 1000),
  /** `always` opens swiping round the clock (the local demo); unset, the nightly window applies. */
  SWIPE_WINDOW: z.string().trim().optional(),
  /** Sessions live in Redis, shared with the auth service; the gateway connects to nothing else. */
  REDIS_URL: z.string({ error: 'required: sessions are shared with the auth service through Redis' }).trim().min(1, 'required: sessions are shared with the auth service through Redis'),
});

export type GatewayEnvironment = z.infer<typeof gatewaySchema> & { usage: UsageLimits };

/** The gateway's settings; a bad value stops the process with a message naming the variable. */
export function loadGatewayEnvironment(env: NodeJS.ProcessEnv = process.env): GatewayEnvironment {
  const parsed = loadConfig(gatewaySchema, { env, service: 'gateway' });
  return { ...parsed, usage: usageLimitsOf(parsed) };
}

/** `AUTH_URL` for the subgraph `auth`, `PROFILE_URL` for `profile`, and so on. */
export const subgraphUrlVariable = (subgraphName: string) => `${subgraphName.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_URL`;

/**
 * Routing URL overrides for the subgraphs the supergraph names: each one's `<NAME>_URL` when set; the
 * others keep the URL recorded at composition.
 */
export function loadSubgraphUrls(subgraphNames: readonly string[], env: NodeJS.ProcessEnv = process.env): Record<string, string | undefined> {
  const schema = z.object(Object.fromEntries(subgraphNames.map((name) => [subgraphUrlVariable(name), z.url({ protocol: /^https?$/ }).optional()])));
  const parsed = parseEnv(schema, env) as Record<string, string | undefined>;
  return Object.fromEntries(subgraphNames.map((name) => [name, parsed[subgraphUrlVariable(name)]]));
}

/** Only `SWIPE_WINDOW=always` opens the window round the clock; any other value keeps the nightly one. */
export const isSwipeWindowAlwaysOpen = (value: string | undefined) => value?.trim() === 'always';
