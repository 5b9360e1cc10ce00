import { z } from 'zod';
import { envSchemas, loadConfig, parseEnv } from '@nocturne/platform';
import { DEFAULT_FRONTEND_DIST, SUPERGRAPH_FILE } from './paths';

/** `TRUST_PROXY`: false, true, a hop count, or addresses/subnets (express's `trust proxy`). */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '' || trimmed === 'false' || trimmed === '0') return false;
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) return Number.parseInt(trimmed, 10);
  return trimmed;
}

const trustProxySchema = z.string().optional().transform(parseTrustProxy);

const gatewaySchema = z.object({
  PORT: envSchemas.port(8080),
  HOST: z.string().trim().min(1).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  INTERNAL_SECRET: z.string({ error: 'required: the key subgraphs check the gateway signature with' }).min(16, 'must be at least 16 characters'),
  FRONTEND_DIST: z.string().trim().min(1).default(DEFAULT_FRONTEND_DIST),
  SUPERGRAPH_FILE: z.string().trim().min(1).default(SUPERGRAPH_FILE),
  TRUST_PROXY: trustProxySchema,
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SESSION_IDLE_MINUTES: envSchemas.positiveInt(7 * 24 * 60),
  SESSION_MAX_DAYS: envSchemas.positiveInt(30),
  /** `always` opens swiping round the clock (the local demo); unset, the nightly window applies. */
  SWIPE_WINDOW: z.string().trim().optional(),
  /** Sessions live in Redis, shared with the auth service; the gateway connects to nothing else. */
  REDIS_URL: z.string({ error: 'required: sessions are shared with the auth service through Redis' }).trim().min(1, 'required: sessions are shared with the auth service through Redis'),
});

export type GatewayEnvironment = z.infer<typeof gatewaySchema>;

/** The gateway's settings; a bad value stops the process with a message naming the variable. */
export function loadGatewayEnvironment(env: NodeJS.ProcessEnv = process.env): GatewayEnvironment {
  return loadConfig(gatewaySchema, { env, service: 'gateway' });
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
