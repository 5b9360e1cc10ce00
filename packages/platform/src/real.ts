import type { Adapters } from './adapters';
import type { Logger } from './logging';

export interface RealAdaptersOptions {
  service: string;
  kafkaBrokers: string[];
  mongodbUri: string;
  redisUrl: string;
  partitions?: Record<string, number>;
  logger?: Logger;
}

export async function createRealAdapters(_options: RealAdaptersOptions): Promise<Adapters> {
  throw new Error('the real-infrastructure adapters are not available yet; unset KAFKA_BROKERS, MONGODB_URI or REDIS_URL');
}
