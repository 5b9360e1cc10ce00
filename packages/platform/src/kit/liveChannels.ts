import type { Logger } from '../logging';
import type { KeyValueStore } from '../ports';
import { inSpan, SpanKind } from '../telemetry/tracing';

/** The values of one GraphQL subscription: an async iterator whose `return` stops it at once. */
export interface LiveStream<T> extends AsyncIterableIterator<T> {
  /** Adds a value from this process (a first value, a periodic re-check); `stillAllowed` checks it like any other. */
  push(value: T): void;
  /** Ends the stream: a pending `next` resolves done, the channels are left. */
  close(): Promise<void>;
  readonly closed: boolean;
}

export interface ListenOptions<TMessage, T> {
  /** Turns a message of a channel into the stream's value; undefined skips it. */
  transform?: (message: TMessage, channel: string) => T | undefined;
  /**
   * A message that ends the stream (what the stream followed is over); it is not delivered. Checked on
   * arrival, ahead of any value still waiting for `stillAllowed`.
   */
  endWhen?: (message: TMessage, channel: string) => boolean;
  /**
   * Asked once as soon as the stream listens, then before each value goes out (from a channel or
   * `push`), one value at a time in their order: false, or a failure, ends the stream instead. For a
   * stream that follows a relationship, whether it still holds: an end between the caller's own check
   * and the subscription, or an end signal that was lost, still stops the stream.
   */
  stillAllowed?: () => Promise<boolean>;
  /**
   * Values waiting for a slow reader before the stream gives up and ends (the client then reconnects
   * and fetches what it missed, rather than this process buffering without bound).
   */
  bufferLimit?: number;
  /**
   * Runs once when the stream ends, however it ends. A failure is logged, never thrown: the client's
   * socket is already gone, and whatever the clean-up left behind must expire by itself (a TTL).
   */
  onClose?: () => void | Promise<void>;
}

export interface LiveChannelsOptions {
  /** Channel names are prefixed with this in the key-value store. */
  prefix?: string;
  /** Where a failed clean-up of an ended stream is reported. */
  logger?: Pick<Logger, 'warn'>;
}

/**
 * Live fan-out between the instances of a service over the key-value store's pub/sub (Redis in
 * production, the in-process store embedded): every instance publishes to a channel, and each one
 * holding a subscriber on it delivers to its own. Messages are JSON; nothing is kept, so a client that
 * was away fetches what it missed by query.
 */
export class LiveChannels {
  private readonly prefix: string;
  private readonly logger?: Pick<Logger, 'warn'>;
  private readonly open = new Set<LiveStream<unknown>>();

  constructor(
    private readonly kv: KeyValueStore,
    options: LiveChannelsOptions = {},
  ) {
    this.prefix = options.prefix ?? 'live:';
    this.logger = options.logger;
  }

  /** Publishes in a span of the current trace (a match's live notification ends the trace of the swipe that made it). */
  async publish(channel: string, message: unknown): Promise<void> {
    // The channel without its last segment (`chat:user` of `chat:user:7`): the id says who, which a trace need not keep.
    const family = channel.includes(':') ? channel.slice(0, channel.lastIndexOf(':')) : channel;
    await inSpan(`live publish ${family}`, { kind: SpanKind.PRODUCER, attributes: { 'nocturne.live.channel': family } }, () => this.kv.publish(this.prefix + channel, JSON.stringify(message)));
  }

  /** Resolves once subscribed to every channel, so nothing published after it is missed. */
  async listen<TMessage, T = TMessage>(channels: readonly string[], options: ListenOptions<TMessage, T> = {}): Promise<LiveStream<T>> {
    const bufferLimit = options.bufferLimit ?? 1000;
    const buffer: T[] = [];
    const waiting: Array<(result: IteratorResult<T>) => void> = [];
    const unsubscribes: Array<() => Promise<void>> = [];
    let closed = false;
    let cleanedUp: Promise<void> | undefined;
    const { logger, open } = this;
    const { stillAllowed } = options;
    // Values waiting for their check, in order behind one another.
    let checks = Promise.resolve();
    let checking = 0;

    const deliver = (value: T) => {
      if (closed) return;
      const reader = waiting.shift();
      if (reader) return reader({ value, done: false });
      if (buffer.length >= bufferLimit) return void stream.close();
      buffer.push(value);
    };
    /** Whether the stream may go on; ends it when not. */
    const allowed = async (): Promise<boolean> => {
      if (closed) return false;
      let answer = false;
      try {
        answer = await stillAllowed!();
      } catch (error) {
        logger?.warn({ err: error }, 'a live stream could not check that it may go on; it ends (the client subscribes again)');
      }
      if (!answer) await stream.close();
      return answer && !closed;
    };

    const stream: LiveStream<T> = {
      get closed() {
        return closed;
      },
      push(value) {
        if (closed) return;
        if (!stillAllowed) return deliver(value);
        if (checking >= bufferLimit) return void stream.close();
        checking += 1;
        checks = checks.then(async () => {
          checking -= 1;
          if (await allowed()) deliver(value);
        });
      },
      close() {
        if (cleanedUp) return cleanedUp;
        closed = true;
        buffer.length = 0;
        for (const reader of waiting.splice(0)) reader({ value: undefined, done: true });
        cleanedUp = (async () => {
          await Promise.all(unsubscribes.splice(0).map((unsubscribe) => unsubscribe().catch(() => undefined)));
          try {
            await options.onClose?.();
          } catch (error) {
            logger?.warn({ err: error }, 'clean-up of an ended live stream failed; it expires by itself');
          }
        })().finally(() => open.delete(stream as LiveStream<unknown>));
        return cleanedUp;
      },
      next() {
        if (buffer.length > 0) return Promise.resolve({ value: buffer.shift()!, done: false });
        if (closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => waiting.push(resolve));
      },
      async return() {
        await stream.close();
        return { value: undefined, done: true };
      },
      async throw(error) {
        await stream.close();
        throw error;
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };

    open.add(stream as LiveStream<unknown>);
    try {
      for (const channel of channels) {
        unsubscribes.push(
          await this.kv.subscribe(this.prefix + channel, (raw) => {
            let message: TMessage;
            try {
              message = JSON.parse(raw) as TMessage;
            } catch {
              return;
            }
            if (options.endWhen?.(message, channel)) return void stream.close();
            const value = options.transform ? options.transform(message, channel) : (message as unknown as T);
            if (value !== undefined) stream.push(value);
          }),
        );
      }
    } catch (error) {
      await stream.close();
      throw error;
    }
    if (stillAllowed) {
      // First in line: values that arrived meanwhile wait behind this check.
      checks = checks.then(async () => void (await allowed()));
      await checks;
    }
    return stream;
  }

  /**
   * Ends every stream still open in this process and waits for their clean-up (presence, timers), so a
   * stopping service finishes it while its key-value store is still connected.
   */
  async close(): Promise<void> {
    await Promise.all([...this.open].map((stream) => stream.close()));
  }
}
