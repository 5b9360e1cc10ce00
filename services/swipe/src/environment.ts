import { z } from 'zod';
import { envSchemas } from '@nocturne/platform/config';
import { defaultSwipeConfig, type SwipeConfig } from './config';

/**
 * The only reader of process.env in the swipe service. The adapters read their own variables
 * (KAFKA_BROKERS, MONGODB_URI, REDIS_URL, NOCTURNE_DATA_DIR, PERSONAL_DATA_KEY).
 */
export const swipeEnvironmentSchema = z.object({
  SWIPE_PORT: envSchemas.port(defaultSwipeConfig.port),
  SWIPE_HOST: z.string().trim().min(1).default(defaultSwipeConfig.host),
  INTERNAL_SECRET: z.string({ error: 'is required (the gateway signs subgraph calls with it)' }).min(16, 'must be at least 16 characters'),
  // Unset: the real window, 20:00 to 04:00 on each person's clock. `always`: the round-the-clock demo.
  SWIPE_WINDOW: z
    .string()
    .optional()
    .transform((value) => value?.trim().toLowerCase() || defaultSwipeConfig.windowMode)
    .pipe(z.enum(['nightly', 'always'], { error: 'must be "always" or unset (nightly)' })),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SWIPE_DECK_READS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(defaultSwipeConfig.deckReadsPerMinute),
  SWIPE_PASSES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(defaultSwipeConfig.passesPerMinute),
});
export type SwipeEnvironment = z.infer<typeof swipeEnvironmentSchema>;

export function toSwipeConfig(env: SwipeEnvironment): SwipeConfig {
  return {
    port: env.SWIPE_PORT,
    host: env.SWIPE_HOST,
    internalSecret: env.INTERNAL_SECRET,
    windowMode: env.SWIPE_WINDOW,
    deckReadsPerMinute: env.SWIPE_DECK_READS_PER_MINUTE,
    passesPerMinute: env.SWIPE_PASSES_PER_MINUTE,
  };
}
