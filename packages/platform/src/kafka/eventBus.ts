import { deadLetterTopic, integrationEventSchema, type IntegrationEvent } from '@nocturne/contracts';
import { Kafka, Partitioners, logLevel, type Admin, type Consumer, type KafkaMessage, type LogEntry, type Producer, type ProducerRecord } from 'kafkajs';
import { cappedDoublingMs } from '../delays';
import './idleRequestQueue';
import type { Logger } from '../logging';
import type { BusConsumer, BusMessage, DeliveredMessage, EventBus, SubscribeOptions } from '../ports';

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId: string;
  /** Partitions per topic; topics are created up front with these counts (plus their dead-letter topics). */
  partitions?: Record<string, number>;
  /** For topics created on first use (default 4). */
  defaultPartitions?: number;
  replicationFactor?: number;
  /**
   * `retention.ms` of the topics this bus creates. Integration events may carry personal data that a
   * deleted account must not outlive for long, so the retention is set explicitly rather than left to
   * the broker's default.
   */
  retentionMs?: number;
  /** Delay before the n-th retry of a failing handler is n times this (default 200 ms, at most 5 s). */
  retryBackoffMs?: number;
  /** Partitions a consumer handles at once (order is kept within each; default 4). */
  partitionsConsumedConcurrently?: number;
  /**
   * How long `close()` and a consumer's `stop()` wait for each kafkajs client to disconnect (default 3 s).
   * With the broker away, a client busy reconnecting only gives up after its retries (tens of seconds);
   * past this time it is left to fail on its own, with a warning, so that a process can stop.
   */
  closeTimeoutMs?: number;
  /** How long creating topics waits for the broker to serve all their partitions (default 30 s). */
  topicWaitMs?: number;
  logger?: Logger;
}

class StopRequested extends Error {}

const DEFAULT_CLOSE_TIMEOUT_MS = 3_000;
const DEFAULT_TOPIC_WAIT_MS = 30_000;

function isRetriableKafkaError(error: unknown): boolean {
  return (error as { retriable?: boolean } | null)?.retriable === true;
}

const LEVELS: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/**
 * What the group coordinator answers every member's heartbeat while a member joins or leaves (an instance
 * started or stopped): the member joins again. kafkajs logs it as an error; it is the protocol at work.
 */
const REJOIN_NOTICE = 'The group is rebalancing, so a rejoin is needed';

/** kafkajs's log lines through the service's logger, at their level (a rebalance's notice at info). */
export function kafkaLogCreator(logger: Logger | undefined) {
  return () =>
    ({ level, log }: LogEntry) => {
      if (!logger) return;
      const { message, ...extra } = log;
      logger[extra.error === REJOIN_NOTICE ? 'info' : (LEVELS[level] ?? 'info')]({ kafka: extra }, `kafka: ${message}`);
    };
}

/** The longest wait between a consumer's retries, and so before it restarts after a crash. */
export const CONSUMER_MAX_RETRY_MS = 2_000;

/**
 * EventBus on Kafka: JSON values keyed by aggregate id, an idempotent producer (acks from all in-sync
 * replicas, one request in flight so retries cannot reorder), consumer groups committing each message's
 * offset only after its handler resolved, and a dead-letter topic for messages that keep failing.
 */
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly admin: Admin;
  private readonly knownTopics = new Set<string>();
  private readonly consumers = new Set<BusConsumer>();
  private readonly sending = new Set<Promise<unknown>>();
  private closed = false;
  private pinging: Promise<boolean> | undefined;

  private constructor(private readonly options: KafkaEventBusOptions) {
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: logLevel.WARN,
      logCreator: kafkaLogCreator(options.logger),
      retry: { initialRetryTime: 100, retries: 8 },
    });
    // The default (murmur2) partitioner, named explicitly: same key, same partition as Java clients.
    this.producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner });
    this.admin = this.kafka.admin();
  }

  /** Connects and creates the configured topics and their dead-letter topics. */
  static async connect(options: KafkaEventBusOptions): Promise<KafkaEventBus> {
    const bus = new KafkaEventBus(options);
    await bus.admin.connect();
    await bus.producer.connect();
    for (const topic of await bus.admin.listTopics()) bus.knownTopics.add(topic);
    await bus.ensureTopics(Object.keys(options.partitions ?? {}).flatMap((topic) => [topic, deadLetterTopic(topic)]));
    return bus;
  }

  /** True when a broker answers a metadata request (readiness); one request at a time, however often asked. */
  ping(): Promise<boolean> {
    this.pinging ??= this.admin
      .describeCluster()
      .then(({ brokers }) => brokers.length > 0)
      .catch(() => false)
      .finally(() => (this.pinging = undefined));
    return this.pinging;
  }

  /**
   * Creates the topics not known yet. The creation counts as a publish in flight (`sending`), so close()
   * waits for it: on a fresh broker it polls for leaders for a few seconds, and must not go on polling
   * after the bus is closed.
   */
  private async ensureTopics(topics: readonly string[]): Promise<void> {
    const missing = [...new Set(topics)].filter((topic) => !this.knownTopics.has(topic));
    if (missing.length === 0) return;
    const creating = this.createTopics(missing);
    this.sending.add(creating);
    try {
      await creating;
    } finally {
      this.sending.delete(creating);
    }
  }

  /**
   * Creates the topics and waits until the broker serves every partition of each. kafkajs' own wait
   * (`waitForLeaders`) is skipped when any topic of the batch already existed, and it gives up on a topic the
   * broker does not know yet: with two processes creating overlapping topics on a fresh broker, the one that
   * lost the race went on to subscribe while the broker answered "This server does not host this
   * topic-partition", and failed to start.
   */
  private async createTopics(missing: readonly string[]): Promise<void> {
    await this.admin.createTopics({
      waitForLeaders: false,
      topics: missing.map((topic) => ({
        topic,
        numPartitions: this.options.partitions?.[topic] ?? this.options.partitions?.[topic.replace(/\.dlq$/, '')] ?? this.options.defaultPartitions ?? 4,
        replicationFactor: this.options.replicationFactor ?? 1,
        ...(this.options.retentionMs !== undefined && { configEntries: [{ name: 'retention.ms', value: String(this.options.retentionMs) }] }),
      })),
    });
    // createTopics answers false (no error) for topics that already exist: either way they exist now.
    await this.untilServed(missing);
    for (const topic of missing) this.knownTopics.add(topic);
  }

  /** Waits (at most topicWaitMs) until the broker's metadata names a leader for every partition of `topics`. */
  private async untilServed(topics: readonly string[]): Promise<void> {
    const deadline = Date.now() + (this.options.topicWaitMs ?? DEFAULT_TOPIC_WAIT_MS);
    for (let attempt = 0; ; attempt++) {
      let unserved: string[];
      try {
        const { topics: described } = await this.admin.fetchTopicMetadata({ topics: [...topics] });
        unserved = topics.filter((topic) => {
          const partitions = described.find((entry) => entry.name === topic)?.partitions ?? [];
          return partitions.length === 0 || partitions.some((partition) => partition.leader < 0 || partition.partitionErrorCode !== 0);
        });
      } catch (error) {
        // The broker does not know a topic yet (UNKNOWN_TOPIC_OR_PARTITION, LEADER_NOT_AVAILABLE): ask again.
        if (!isRetriableKafkaError(error)) throw error;
        unserved = [...topics];
      }
      if (unserved.length === 0) return;
      if (this.closed || Date.now() >= deadline) throw new Error(`kafka: the broker does not serve ${unserved.join(', ')} yet`);
      await new Promise((resolve) => setTimeout(resolve, cappedDoublingMs(attempt, 50, 1_000)));
    }
  }

  async publish(topic: string, messages: readonly BusMessage[]): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    const values = messages.map((message) => {
      if (!message.key) throw new Error(`publish to ${topic}: every message needs a key`);
      const event = integrationEventSchema.parse(message.event);
      // The trace context rides in the envelope's metadata and, for tools that read Kafka headers
      // (the kafkajs instrumentation, Kafka UI), in a W3C `traceparent` header as well.
      const traceparent = event.metadata.traceparent;
      return { key: message.key, value: JSON.stringify(event), headers: { 'event-type': event.type, ...(traceparent && { traceparent }) } };
    });
    if (values.length === 0) return;
    await this.ensureTopics([topic]);
    await this.send({ topic, acks: -1, messages: values });
  }

  /** producer.send, remembered until it settles so that close() can wait for it (see close). */
  private async send(record: ProducerRecord): Promise<void> {
    const sending = this.producer.send(record);
    this.sending.add(sending);
    try {
      await sending;
    } finally {
      this.sending.delete(sending);
    }
  }

  async subscribe(options: SubscribeOptions): Promise<BusConsumer> {
    if (this.closed) throw new Error('event bus is closed');
    await this.ensureTopics(options.topics.flatMap((topic) => [topic, deadLetterTopic(topic)]));
    const state = { stopping: false };
    const consumer = this.kafka.consumer({
      groupId: options.groupId,
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
      maxWaitTimeInMs: 500,
      allowAutoTopicCreation: false,
      // A consumer that crashes (its broker went away) restarts itself, unless it is being stopped.
      // Otherwise a crash during stop() would start it again after disconnect() returned, and it would
      // rejoin the group once the broker is back, for good. kafkajs waits its last retry time before that
      // restart: with its defaults (300 ms doubling up to 30 s) that was up to 20 s after the broker came
      // back, so the waits double from 100 ms up to 2 s (about 13 s of retries before a crash).
      retry: { retries: 10, initialRetryTime: 100, maxRetryTime: CONSUMER_MAX_RETRY_MS, restartOnFailure: async () => !state.stopping },
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [...options.topics], fromBeginning: options.fromBeginning ?? true });
    const inFlight = new Set<Promise<void>>();
    const runConfig: Parameters<Consumer['run']>[0] = {
      autoCommit: false,
      partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? 4,
      eachMessage: async ({ topic, partition, message, heartbeat }) => {
        // Not started, not committed: the message goes to whoever holds the partition next.
        if (state.stopping) throw new StopRequested('consumer stopping');
        const handling = this.handle(consumer, options, state, topic, partition, message, heartbeat);
        inFlight.add(handling);
        try {
          await handling;
        } finally {
          inFlight.delete(handling);
        }
      },
    };
    // kafkajs gives a consumer up for good after a crash it deems not retriable: run it again, with the
    // same short, capped waits, until it runs or is being stopped.
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (payload.restart || state.stopping) return;
      this.options.logger?.error({ err: payload.error, groupId: options.groupId }, 'consumer gave up after a crash; running it again');
      void (async () => {
        for (let attempt = 1; !state.stopping; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, cappedDoublingMs(attempt, 100, CONSUMER_MAX_RETRY_MS)));
          if (state.stopping) return;
          try {
            await consumer.run(runConfig);
            return;
          } catch (error) {
            this.options.logger?.warn({ err: error, groupId: options.groupId, attempt }, 'running the consumer again failed; retrying');
          }
        }
      })();
    });
    await consumer.run(runConfig);
    let stopped: Promise<void> | undefined;
    const busConsumer: BusConsumer = {
      stop: () =>
        (stopped ??= (async () => {
          state.stopping = true;
          try {
            consumer.pause(options.topics.map((topic) => ({ topic })));
          } catch {
            // Not running (it crashed with its broker gone and waits to run again, or gave up): nothing
            // to pause, and it will not run again now that it is stopping.
          }
          // Let the messages in flight finish and commit while the consumer still belongs to the group.
          await this.bounded(`consumer ${options.groupId}: messages in flight`, Promise.allSettled([...inFlight]));
          await this.bounded(`consumer ${options.groupId}: disconnect`, consumer.disconnect());
          this.consumers.delete(busConsumer);
        })()),
    };
    this.consumers.add(busConsumer);
    return busConsumer;
  }

  async lagOf(groupId: string, topics: readonly string[]): Promise<Record<string, number>> {
    const lag: Record<string, number> = {};
    const committed = await this.admin.fetchOffsets({ groupId, topics: [...topics] });
    for (const { topic, partitions } of committed) {
      let behind = 0n;
      for (const end of await this.admin.fetchTopicOffsets(topic)) {
        const offset = partitions.find((p) => p.partition === end.partition)?.offset;
        // A partition the group never committed on counts from the oldest message kept.
        const from = offset === undefined || offset === '-1' ? BigInt(end.low) : BigInt(offset);
        if (BigInt(end.high) > from) behind += BigInt(end.high) - from;
      }
      lag[topic] = Number(behind);
    }
    return lag;
  }

  private async handle(
    consumer: Consumer,
    options: SubscribeOptions,
    state: { stopping: boolean },
    topic: string,
    partition: number,
    message: KafkaMessage,
    heartbeat: () => Promise<void>,
  ): Promise<void> {
    const commit = () => consumer.commitOffsets([{ topic, partition, offset: (BigInt(message.offset) + 1n).toString() }]);
    const key = message.key?.toString('utf8') ?? '';
    let event: IntegrationEvent;
    try {
      event = integrationEventSchema.parse(JSON.parse(message.value?.toString('utf8') ?? '')) as IntegrationEvent;
    } catch (error) {
      await this.deadLetter(topic, partition, message, error);
      await commit();
      return;
    }
    const maxAttempts = Math.max(1, options.maxAttempts ?? 5);
    const delivered: DeliveredMessage = { topic, partition, offset: message.offset, key, event };
    for (let attempt = 1; ; attempt++) {
      try {
        await options.handler(structuredClone(delivered));
        break;
      } catch (error) {
        // Throwing leaves the offset uncommitted: the message comes again, here or to another member.
        if (state.stopping) throw new StopRequested('consumer stopping');
        if (attempt >= maxAttempts) {
          await this.deadLetter(topic, partition, message, error);
          break;
        }
        this.options.logger?.warn({ err: error, topic, partition, offset: message.offset, groupId: options.groupId, attempt }, 'handler failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, Math.min(5000, (this.options.retryBackoffMs ?? 200) * attempt)));
        await heartbeat();
      }
    }
    await commit();
  }

  private async deadLetter(topic: string, partition: number, message: KafkaMessage, error: unknown): Promise<void> {
    this.options.logger?.error({ err: error, topic, partition, offset: message.offset }, 'dead-lettering a message');
    const dlq = deadLetterTopic(topic);
    await this.ensureTopics([dlq]);
    await this.send({
      topic: dlq,
      acks: -1,
      messages: [
        {
          key: message.key,
          value: message.value,
          headers: {
            ...message.headers,
            'x-original-topic': topic,
            'x-original-partition': String(partition),
            'x-original-offset': message.offset,
            'x-error': String((error as Error)?.message ?? error).slice(0, 1000),
          },
        },
      ],
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.consumers].map((consumer) => consumer.stop()));
    await this.bounded('publishes in flight', Promise.allSettled([...this.sending]));
    const stillSending = [...this.sending];
    await Promise.all([this.bounded('producer: disconnect', this.producer.disconnect()), this.bounded('admin: disconnect', this.admin.disconnect())]);
    // A send that is still retrying (the broker is away) reconnects the producer when the broker comes
    // back, after disconnect() returned: disconnect again once it has settled, so no connection is left.
    if (stillSending.length > 0) {
      void Promise.allSettled(stillSending)
        .then(() => this.producer.disconnect())
        .catch((error: unknown) => this.options.logger?.warn({ err: error }, 'kafka: producer disconnect after the last publish failed'));
    }
  }

  /**
   * Waits for `work` at most closeTimeoutMs. A failure is rethrown; a timeout is logged and the work left
   * to finish (or fail) on its own.
   */
  private async bounded(what: string, work: Promise<unknown>): Promise<void> {
    const timeoutMs = this.options.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const outcome = await Promise.race([work.then(() => 'done' as const), timedOut]);
      if (outcome === 'timeout') {
        work.catch(() => {});
        this.options.logger?.warn({ timeoutMs }, `kafka: ${what} did not finish within ${timeoutMs} ms (broker unreachable?); not waiting any longer`);
      }
    } finally {
      clearTimeout(timer);
    }
  }
}
