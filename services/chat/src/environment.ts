import { z } from 'zod';
import { envSchemas } from '@nocturne/platform/config';
import { defaultChatConfig, type ChatConfig } from './config';

/**
 * The only reader of process.env in the chat service. The adapters read their own variables
 * (KAFKA_BROKERS, MONGODB_URI, REDIS_URL, NOCTURNE_DATA_DIR, PERSONAL_DATA_KEY).
 */
export const chatEnvironmentSchema = z.object({
  CHAT_PORT: envSchemas.port(defaultChatConfig.port),
  CHAT_HOST: z.string().trim().min(1).default(defaultChatConfig.host),
  INTERNAL_SECRET: z.string({ error: 'is required (the gateway signs subgraph calls with it)' }).min(16, 'must be at least 16 characters'),
  CHAT_SENDS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(defaultChatConfig.sendsPerMinute),
  CHAT_DAWN_ROUND_MS: z.coerce.number().int().min(50).max(3_600_000).default(defaultChatConfig.dawnRoundMs),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type ChatEnvironment = z.infer<typeof chatEnvironmentSchema>;

export function toChatConfig(env: ChatEnvironment): ChatConfig {
  return { port: env.CHAT_PORT, host: env.CHAT_HOST, internalSecret: env.INTERNAL_SECRET, sendsPerMinute: env.CHAT_SENDS_PER_MINUTE, dawnRoundMs: env.CHAT_DAWN_ROUND_MS };
}
