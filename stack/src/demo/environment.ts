import { z } from 'zod';
import { envSchemas, loadConfig } from '@nocturne/platform';

/** The night owls as a process of their own (docker compose --profile demo): the only reader of process.env there. */
const nightOwlsSchema = z.object({
  /** The gateway the owls sign up through, as a browser would reach it. */
  GATEWAY_URL: z.url({ protocol: /^https?$/ }),
  /** Where /healthz and /readyz (ready once the owls are set up) answer. */
  NIGHT_OWLS_PORT: envSchemas.port(4010),
  NIGHT_OWLS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type NightOwlsEnvironment = z.infer<typeof nightOwlsSchema>;

export const readNightOwlsEnvironment = (env: NodeJS.ProcessEnv = process.env): NightOwlsEnvironment => loadConfig(nightOwlsSchema, { env, service: 'night-owls' });
