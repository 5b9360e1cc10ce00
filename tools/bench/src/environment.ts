import { z } from 'zod';
import { envSchemas, loadConfig } from '@nocturne/platform/config';
import { usesRealInfrastructure } from '@nocturne/platform/process';

const benchSchema = z.object({
  /** Seconds each measurement runs (after a short warm-up). */
  BENCH_SECONDS: envSchemas.positiveInt(10),
  /** Requests in flight at once in the flat-out runs. */
  BENCH_CONNECTIONS: envSchemas.positiveInt(64),
  /**
   * People who swipe each other in bench:swipe (each can swipe all the others once; the likes back, which
   * match, come after half of the n × (n - 1) swipes: 450 people keep about 101,000 swipes before them, for a warm-up and two runs of 10 s at up to 4,000 a second).
   */
  BENCH_PEOPLE: envSchemas.positiveInt(450),
  /** People who sign up and then swipe one at a time in bench:swipe's light-load figures. */
  BENCH_LIGHT_PEOPLE: envSchemas.positiveInt(20),
  /** Candidates in the deck's read model in bench:deck. */
  BENCH_PROFILES: envSchemas.positiveInt(100_000),
  /** Deck lookups measured per variant in bench:deck. */
  BENCH_QUERIES: envSchemas.positiveInt(200),
  /** Subscribed clients (browser tabs) in bench:chat. */
  BENCH_CHAT_CLIENTS: envSchemas.positiveInt(1000),
  /** People in bench:chat, two to a match; the clients are shared out among them as tabs. */
  BENCH_CHAT_PEOPLE: envSchemas.positiveInt(100),
  /** Messages sent in bench:chat, and how many a second. */
  BENCH_CHAT_MESSAGES: envSchemas.positiveInt(400),
  BENCH_CHAT_RATE: envSchemas.positiveInt(40),
});

export type BenchEnvironment = z.infer<typeof benchSchema> & { real: boolean; variables: NodeJS.ProcessEnv };

/** The only reader of process.env in a benchmark process (exit 78 on a bad value). */
export function readBenchEnvironment(env: NodeJS.ProcessEnv = process.env): BenchEnvironment {
  return { ...loadConfig(benchSchema, { env, service: 'bench' }), real: usesRealInfrastructure(env), variables: env };
}
