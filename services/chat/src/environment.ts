import { z } from 'zod';
import { envSchemas, loadConfig } from '@nocturne/platform/config';

export const CHAT_DEFAULT_PORT = 4004;

/**
 * The only reader of process.env in the chat service. The adapters read their own variables
 * (KAFKA_BROKERS, MONGODB_URI, REDIS_URL, NOCTURNE_DATA_DIR, PERSONAL_DATA_KEY).
 */
export const chatEnvironmentSchema = z.object({
  CHAT_PORT: envSchemas.port(CHAT_DEFAULT_PORT),
  CHAT_HOST: z.string().trim().min(1).default('127.0.0.1'),
  INTERNAL_SECRET: z.string({ error: 'is required (the gateway signs subgraph calls with it)' }).min(16, 'must be at least 16 characters'),
  /** Messages one person may send a minute, over all their conversations. */
  CHAT_SENDS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type ChatEnvironment = z.infer<typeof chatEnvironmentSchema>;

export const readChatEnvironment = (env: NodeJS.ProcessEnv = process.env): ChatEnvironment => loadConfig(chatEnvironmentSchema, { env, service: 'chat' });
