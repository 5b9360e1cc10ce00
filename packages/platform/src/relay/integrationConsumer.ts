import type { ZodType } from 'zod';
import { integrationEventSchema, type IntegrationEvent } from '@nocturne/contracts';
import { collectingWrites, type ConsumerReadYourWrites } from '../kit/readYourWrites';
import type { Logger } from '../logging';
import type { BusConsumer, DeliveredMessage, EventBus } from '../ports';
import { openPublishedPersonalData, type PersonalDataVault } from '../privacy';
import { ageSeconds, consumerHandleDuration, consumerLag, consumerLagMessages, consumerMessages } from '../telemetry/metrics';
import { contextToContinue, inSpan, SpanKind } from '../telemetry/tracing';
import type { Deduper } from './dedupe';

type Outcome = 'handled' | 'duplicate' | 'skipped';

/** An integration event's contract as `packages/contracts` defines it. */
export interface IntegrationContract<TType extends string = string, TData = unknown> {
  type: TType;
  version: number;
  schema: ZodType<TData>;
}

export interface IntegrationHandler {
  type: string;
  version: number;
  handle(event: IntegrationEvent): Promise<void>;
}

/** Handles one version of one contract: the data arrives opened and parsed with the contract's schema. */
export function on<TType extends string, TData>(
  contract: IntegrationContract<TType, TData>,
  handle: (data: TData, event: IntegrationEvent<TType, TData>) => Promise<void>,
): IntegrationHandler {
  return {
    type: contract.type,
    version: contract.version,
    handle: async (event) => {
      const data = contract.schema.parse(event.data);
      await handle(data, { ...event, type: contract.type, data });
    },
  };
}

/** A version of a known event type that this consumer was not built for (deploy order: consumers first). */
export class UnsupportedEventVersionError extends Error {
  override readonly name = 'UnsupportedEventVersionError';
  constructor(
    readonly type: string,
    readonly version: number,
    readonly supported: readonly number[],
  ) {
    super(`${type} version ${version} is not supported (handled: ${supported.join(', ')})`);
  }
}

export interface IntegrationConsumerOptions {
  bus: EventBus;
  /** Consumer group: instances of one service share it. */
  group: string;
  topics: readonly string[];
  /** Opens the personal fields the producer sealed (`adapters.publishedPersonalData`). */
  publishedPersonalData: PersonalDataVault;
  /** Skips events handled before (deliveries are at least once). */
  deduper: Deduper;
  handlers: readonly IntegrationHandler[];
  /** Where a new group starts (default: the beginning of the topics). */
  fromBeginning?: boolean;
  logger: Logger;
  /**
   * Takes part in read-your-writes (`kit/readYourWrites.ts`): the group announces what it reads, and each
   * event counts as handled once what its handler wrote is in the service's read models. Services pass
   * what their lifecycle gives their consumers; a tool that reads a topic for itself leaves it out, so no
   * request waits for it.
   */
  readYourWrites?: ConsumerReadYourWrites;
}

/**
 * The one way a service reads other contexts' integration events: envelope checked, duplicates skipped,
 * personal fields opened, then dispatched on type and version. Types without a handler are not this
 * consumer's business and are skipped; a known type at an unknown version, or data its schema refuses,
 * throws, so the bus retries and then parks the message on the dead-letter topic instead of losing it.
 * An event whose person was erased before it was read (their published key is shredded) is skipped: the
 * person's deletion follows it on the topic, and nothing about them may be kept.
 */
export async function consumeIntegrationEvents(options: IntegrationConsumerOptions): Promise<BusConsumer> {
  const { logger } = options;
  const byType = new Map<string, Map<number, IntegrationHandler>>();
  for (const handler of options.handlers) {
    const versions = byType.get(handler.type) ?? new Map<number, IntegrationHandler>();
    if (versions.has(handler.version)) throw new Error(`two handlers for ${handler.type} version ${handler.version}`);
    versions.set(handler.version, handler);
    byType.set(handler.type, versions);
  }

  async function dispatch(message: DeliveredMessage): Promise<Outcome> {
    const envelope = integrationEventSchema.safeParse(message.event);
    if (!envelope.success) {
      logger.warn({ topic: message.topic, offset: message.offset }, 'skipping a message that is not an integration event');
      return 'skipped';
    }
    const event = envelope.data as IntegrationEvent;
    const versions = byType.get(event.type);
    if (!versions) return 'skipped';
    const handler = versions.get(event.version);
    if (!handler) throw new UnsupportedEventVersionError(event.type, event.version, [...versions.keys()]);
    // A span in the trace of the event's publish, which continues the request that stored it.
    return inSpan(
      `consume ${event.type}`,
      { kind: SpanKind.CONSUMER, parent: contextToContinue(event.metadata.traceparent), attributes: { 'messaging.destination.name': message.topic, 'messaging.consumer.group.name': options.group, 'nocturne.event.type': event.type } },
      async () => {
        let outcome: Outcome = 'duplicate';
        await options.deduper.once(event.id, async () => {
          const opened = await openPublishedPersonalData(event, options.publishedPersonalData);
          if (opened.erased) {
            logger.debug({ topic: message.topic, eventId: event.id, type: event.type }, 'skipping an event of an erased person');
            outcome = 'skipped';
            return;
          }
          const { written } = await collectingWrites(() => handler.handle(opened.event));
          await options.readYourWrites?.settleLocally(written);
          outcome = 'handled';
        });
        await options.readYourWrites?.propagation.markHandled(options.group, event.id);
        return outcome;
      },
    );
  }

  // Lag: the age of the oldest message in hand, per topic (0 when idle).
  const inHand = new Set<{ topic: string; occurredAt: string | undefined }>();
  const removeLag = consumerLag.add({
    read: () =>
      options.topics.map((topic) => {
        let oldest = 0;
        for (const message of inHand) if (message.topic === topic) oldest = Math.max(oldest, ageSeconds(message.occurredAt));
        return { labels: { group: options.group, topic }, value: oldest };
      }),
  });

  async function handle(message: DeliveredMessage): Promise<void> {
    const startedAt = process.hrtime.bigint();
    const entry = { topic: message.topic, occurredAt: (message.event as { occurredAt?: string } | undefined)?.occurredAt };
    inHand.add(entry);
    const labels = { group: options.group, topic: message.topic };
    try {
      const outcome = await dispatch(message);
      consumerMessages.inc({ ...labels, outcome });
    } catch (error) {
      consumerMessages.inc({ ...labels, outcome: 'failed' });
      throw error;
    } finally {
      inHand.delete(entry);
      consumerHandleDuration.observe(labels, Number(process.hrtime.bigint() - startedAt) / 1e9);
    }
  }

  const withdraw = options.readYourWrites ? await Promise.all(options.topics.map((topic) => options.readYourWrites!.propagation.announce(topic, options.group, [...byType.keys()]))) : [];
  const consumer = await options.bus.subscribe({ groupId: options.group, topics: options.topics, fromBeginning: options.fromBeginning ?? true, handler: handle }).catch(async (error: unknown) => {
    removeLag();
    await Promise.all(withdraw.map((stop) => stop()));
    throw error;
  });
  const stopLagInMessages = followLagInMessages(options);
  return {
    stop: async () => {
      removeLag();
      stopLagInMessages();
      await Promise.all(withdraw.map((stop) => stop()));
      await consumer.stop();
    },
  };
}

const LAG_EVERY_MS = 15_000;

/** The group's lag in messages per topic, asked of the bus now and every 15 s (a scrape cannot wait for Kafka). */
function followLagInMessages(options: IntegrationConsumerOptions): () => void {
  const { bus } = options;
  if (!bus.lagOf) return () => undefined;
  let latest: Record<string, number> = {};
  let stopped = false;
  const refresh = () =>
    bus.lagOf!(options.group, options.topics).then(
      (lag) => void (latest = lag),
      (error: unknown) => options.logger.debug({ err: error, group: options.group }, 'consumer lag: the bus did not answer'),
    );
  void refresh();
  const timer = setInterval(() => void (stopped || refresh()), LAG_EVERY_MS);
  timer.unref();
  const remove = consumerLagMessages.add({ read: () => Object.entries(latest).map(([topic, value]) => ({ labels: { group: options.group, topic }, value })) });
  return () => {
    stopped = true;
    clearInterval(timer);
    remove();
  };
}
