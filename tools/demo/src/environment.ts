import { z } from 'zod';
import { envSchemas, loadConfig } from '@nocturne/platform/config';
import { defaultMetricsPortOf, metricsEnvironmentSchema } from '@nocturne/platform/telemetry';

/** The night owls as a process of their own (docker compose --profile demo): the only reader of process.env there. */
const NIGHT_OWLS_PORT = 4010;

const nightOwlsSchema = z.object({
  /** The gateway the owls sign up through, as a browser would reach it. */
  GATEWAY_URL: z.url({ protocol: /^https?$/ }),
  /** Where /healthz and /readyz (ready once the owls are set up) answer. */
  NIGHT_OWLS_PORT: envSchemas.port(NIGHT_OWLS_PORT),
  NIGHT_OWLS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** /metrics of the owls' process (METRICS_PORT, 9474 by the rule of the services' ports; METRICS_HOST). */
const nightOwlsMetricsSchema = metricsEnvironmentSchema(defaultMetricsPortOf({ defaultPort: NIGHT_OWLS_PORT }));

export type NightOwlsEnvironment = z.infer<typeof nightOwlsSchema> & z.infer<typeof nightOwlsMetricsSchema>;

export const readNightOwlsEnvironment = (env: NodeJS.ProcessEnv = process.env): NightOwlsEnvironment => ({
  ...loadConfig(nightOwlsSchema, { env, service: 'night-owls' }),
  ...loadConfig(nightOwlsMetricsSchema, { env, service: 'night-owls' }),
});
