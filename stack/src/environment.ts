import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { parseRetentionHours } from '@nocturne/platform/adapters';
import { envSchemas, loadConfig } from '@nocturne/platform/config';
import { usesRealInfrastructure } from '@nocturne/platform/process';
import { GATEWAY_METRICS_PORT } from '@nocturne/platform/telemetry';
import { DEFAULT_FRONTEND_DIST, trustProxySchema } from '@nocturne/gateway';

const stackSchema = z.object({
  PORT: envSchemas.port(8080),
  NOCTURNE_DATA_DIR: z.string().trim().min(1).default('.data'),
  INTERNAL_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  FRONTEND_DIST: z.string().trim().min(1).default(DEFAULT_FRONTEND_DIST),
  SWIPE_WINDOW: z.string().trim().min(1).optional(),
  /** Unset is neither: no developer tools (only `development` turns them on), no production-only checks. */
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  TRUST_PROXY: trustProxySchema,
  /** Also the embedded bus's retention; the services' adapters read it again with real infrastructure. */
  KAFKA_RETENTION_HOURS: z
    .string()
    .optional()
    .refine((value) => {
      try {
        parseRetentionHours(value);
        return true;
      } catch {
        return false;
      }
    }, 'must be a whole number of hours, at least 1'),
  // The demo's seeded people (embedded stack only): on unless turned off.
  DEMO_NIGHT_OWLS: envSchemas.boolean(true),
  // /metrics of the embedded process, or of the gateway's process under the launcher (docs/operations.md).
  METRICS_PORT: envSchemas.port(GATEWAY_METRICS_PORT),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
});

export type StackEnvironment = z.infer<typeof stackSchema> & { mode: 'embedded' | 'real' };

/**
 * The only reader of process.env in the stack process. The services' and the gateway's own settings are
 * parsed by their own schemas from the variables handed out here.
 */
export function readStackEnvironment(env: NodeJS.ProcessEnv = process.env): { settings: StackEnvironment; variables: NodeJS.ProcessEnv } {
  const settings = loadConfig(stackSchema, { env, service: 'stack' });
  const mode = usesRealInfrastructure(env) ? 'real' : 'embedded';
  if (mode === 'real' && !settings.INTERNAL_SECRET) {
    process.stderr.write('stack: invalid configuration:\n  - INTERNAL_SECRET: is required with real infrastructure\n');
    process.exit(78);
  }
  return { settings: { ...settings, mode }, variables: env };
}

/**
 * Where people reach the app when PUBLIC_URL is not set: the gateway's own port on this machine, so reset
 * links follow `PORT=3000 npm start`. A wildcard or unset host is shown as localhost. The request's Host is
 * never used: anyone can send one, and a reset link must not point at their site.
 */
export function siteOriginOf(port: number, host?: string): string {
  const shown = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

/** The embedded stack draws its own signing key when none is given (docs/design.md). */
export const randomInternalSecret = () => randomBytes(32).toString('base64url');
