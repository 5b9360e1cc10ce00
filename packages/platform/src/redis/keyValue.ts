import { Redis, ReplyError, type RedisOptions } from 'ioredis';
import type { Logger } from '../logging';
import { DependencyTimeout, DependencyUnavailable, type KeyValueStore, type SetOptions } from '../ports';

/** A command that has no answer after this long fails (a Redis that hangs): 504 well within a second. */
export const REDIS_COMMAND_TIMEOUT_MS = 750;
/** What a caller is told to wait for when Redis is away: reconnection is tried every second at most. */
export const REDIS_RETRY_AFTER_SECONDS = 5;

/**
 * Fail fast while Redis is away instead of queueing: no offline queue (a command fails at once while the
 * connection is down), no re-sending of a command whose connection dropped, and a timeout per command.
 * Reconnection keeps going in the background with a short, capped backoff.
 */
export const redisFailFastOptions = (commandTimeoutMs: number): RedisOptions => ({
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: commandTimeoutMs,
  connectTimeout: 2_000,
  retryStrategy: (attempt: number) => Math.min(100 * attempt, 1_000),
});

/** INCRBY that sets the TTL only when it created the key, atomically. */
const INCREMENT_SCRIPT = `
local created = redis.call('EXISTS', KEYS[1]) == 0
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
if created and tonumber(ARGV[2]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return value`;

/** INCRBY on an existing key only (INCRBY keeps the TTL); false (nil) when there is none. */
const INCREMENT_IF_EXISTS_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
return redis.call('INCRBY', KEYS[1], ARGV[1])`;

/** SET only while the value is still the expected one; a TTL of 0 sets none (like a plain SET). */
const COMPARE_AND_SET_SCRIPT = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if tonumber(ARGV[3]) > 0 then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) else redis.call('SET', KEYS[1], ARGV[2]) end
return 1`;

/** KeyValueStore on Redis; pub/sub runs on a second connection, as Redis requires. */
export class RedisKeyValueStore implements KeyValueStore {
  private subscriber: Redis | undefined;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();

  private constructor(
    private readonly redis: Redis,
    private readonly logger?: Logger,
  ) {}

  static async connect(url: string, options: { logger?: Logger; commandTimeoutMs?: number } = {}): Promise<RedisKeyValueStore> {
    const redis = new Redis(url, { lazyConnect: true, enableAutoPipelining: true, ...redisFailFastOptions(options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS) });
    redis.on('error', (error: Error) => options.logger?.warn({ err: error }, 'redis connection error'));
    await redis.connect();
    return new RedisKeyValueStore(redis, options.logger);
  }

  /** True while the connection is up and Redis answers PING (readiness). */
  async ping(): Promise<boolean> {
    if (this.redis.status !== 'ready') return false;
    return (await this.redis.ping().catch(() => null)) === 'PONG';
  }

  async get(key: string): Promise<string | null> {
    return this.run(() => this.redis.get(key));
  }

  async set(key: string, value: string, options: SetOptions = {}): Promise<boolean> {
    const args: Array<string | number> = [];
    if (options.ttlMs !== undefined) {
      if (!(Number.isFinite(options.ttlMs) && options.ttlMs > 0)) throw new Error(`ttlMs must be a positive number, got ${options.ttlMs}`);
      args.push('PX', Math.ceil(options.ttlMs));
    }
    if (options.onlyIfAbsent) args.push('NX');
    const answer = await this.run(() => this.redis.call('SET', key, value, ...args));
    return answer === 'OK';
  }

  async delete(key: string): Promise<void> {
    await this.run(() => this.redis.del(key));
  }

  async ttl(key: string): Promise<number | null> {
    const remaining = await this.run(() => this.redis.pttl(key));
    return remaining < 0 ? null : remaining;
  }

  async increment(key: string, options: { by?: number; ttlMs?: number } = {}): Promise<number> {
    const by = options.by ?? 1;
    if (!Number.isSafeInteger(by)) throw new Error(`increment by must be an integer, got ${by}`);
    const ttl = options.ttlMs === undefined ? 0 : Math.ceil(options.ttlMs);
    return Number(await this.run(() => this.redis.eval(INCREMENT_SCRIPT, 1, key, by, ttl)));
  }

  async incrementIfExists(key: string, by: number): Promise<number | null> {
    if (!Number.isSafeInteger(by)) throw new Error(`increment by must be an integer, got ${by}`);
    const answer = await this.run(() => this.redis.eval(INCREMENT_IF_EXISTS_SCRIPT, 1, key, by));
    return answer === null ? null : Number(answer);
  }

  async compareAndSet(key: string, expected: string, value: string, options: { ttlMs?: number } = {}): Promise<boolean> {
    if (options.ttlMs !== undefined && !(Number.isFinite(options.ttlMs) && options.ttlMs > 0)) throw new Error(`ttlMs must be a positive number, got ${options.ttlMs}`);
    const ttl = options.ttlMs === undefined ? 0 : Math.ceil(options.ttlMs);
    return Number(await this.run(() => this.redis.eval(COMPARE_AND_SET_SCRIPT, 1, key, expected, value, ttl))) === 1;
  }

  async addToSet(key: string, member: string): Promise<void> {
    await this.run(() => this.redis.sadd(key, member));
  }

  async removeFromSet(key: string, member: string): Promise<void> {
    await this.run(() => this.redis.srem(key, member));
  }

  async members(key: string): Promise<string[]> {
    return this.run(() => this.redis.smembers(key));
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.run(() => this.redis.publish(channel, message));
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>> {
    if (!this.subscriber) {
      // The subscriber queues its first SUBSCRIBE until it is connected (the command timeout still bounds
      // the wait), and subscribes again by itself after a reconnection.
      const subscriber = this.redis.duplicate({ enableOfflineQueue: true });
      subscriber.on('error', (error: Error) => this.logger?.warn({ err: error }, 'redis subscriber connection error'));
      subscriber.on('message', (from: string, message: string) => {
        for (const h of this.handlers.get(from) ?? []) {
          try {
            h(message);
          } catch (error) {
            this.logger?.warn({ err: error, channel: from }, 'pub/sub handler failed');
          }
        }
      });
      this.subscriber = subscriber;
    }
    let handlers = this.handlers.get(channel);
    if (!handlers) {
      const subscriber = this.subscriber;
      this.handlers.set(channel, (handlers = new Set()));
      try {
        await this.run(() => subscriber.subscribe(channel));
      } catch (error) {
        if (this.handlers.get(channel)?.size === 0) this.handlers.delete(channel);
        throw error;
      }
    }
    const own = (message: string) => handler(message);
    handlers.add(own);
    return async () => {
      handlers.delete(own);
      if (handlers.size === 0 && this.handlers.get(channel) === handlers) {
        this.handlers.delete(channel);
        await this.subscriber?.unsubscribe(channel);
      }
    };
  }

  /**
   * Runs one command: a connection that is down or drops is DependencyUnavailable, a command without an
   * answer in time DependencyTimeout; an error Redis answered (a bad command, a script error) stays as it is.
   */
  private async run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      if (error instanceof ReplyError || !(error instanceof Error)) throw error;
      if (error.message === 'Command timed out') throw new DependencyTimeout('redis', this.redis.options.commandTimeout ?? 0, { cause: error });
      throw new DependencyUnavailable('redis', REDIS_RETRY_AFTER_SECONDS, { cause: error });
    }
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.all([this.redis.quit().catch(() => this.redis.disconnect()), this.subscriber?.quit().catch(() => this.subscriber?.disconnect())]);
  }
}
