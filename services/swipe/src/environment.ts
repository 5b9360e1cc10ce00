import { z } from 'zod';
import { envSchemas, loadConfig } from '@nocturne/platform/config';

export const SWIPE_DEFAULT_PORT = 4003;

/**
 * The only reader of process.env in the swipe service. The adapters read their own variables
 * (KAFKA_BROKERS, MONGODB_URI, REDIS_URL, NOCTURNE_DATA_DIR, PERSONAL_DATA_KEY).
 */
export const swipeEnvironmentSchema = z.object({
  SWIPE_PORT: envSchemas.port(SWIPE_DEFAULT_PORT),
  SWIPE_HOST: z.string().trim().min(1).default('127.0.0.1'),
  INTERNAL_SECRET: z.string({ error: 'is required (the gateway signs subgraph calls with it)' }).min(16, 'must be at least 16 characters'),
  // Unset: the real window, 20:00 to 04:00 on each person's clock. `always`: the round-the-clock demo.
  SWIPE_WINDOW: z
    .string()
    .optional()
    .transform((value) => value?.trim().toLowerCase() || 'nightly')
    .pipe(z.enum(['nightly', 'always'], { error: 'must be "always" or unset (nightly)' })),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // What crawling costs, per person and minute: far above anyone's pace (README, Security).
  SWIPE_DECK_READS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  SWIPE_PASSES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(90),
});
export type SwipeEnvironment = z.infer<typeof swipeEnvironmentSchema>;

export const readSwipeEnvironment = (env: NodeJS.ProcessEnv = process.env): SwipeEnvironment => loadConfig(swipeEnvironmentSchema, { env, service: 'swipe' });
