import type { ZodType } from 'zod';
import { integrationEventSchema, type IntegrationEvent } from '@nocturne/contracts';
import type { Logger } from '../logging';
import type { BusConsumer, DeliveredMessage, EventBus } from '../ports';
import { openPublishedPersonalData, type PersonalDataVault } from '../privacy';
import type { Deduper } from './dedupe';

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
}

/**
 * The one way a service reads other contexts' integration events: envelope checked, duplicates skipped,
 * personal fields opened, then dispatched on type and version. Types without a handler are not this
 * consumer's business and are skipped; a known type at an unknown version, or data its schema refuses,
 * throws, so the bus retries and then parks the message on the dead-letter topic instead of losing it.
 * An event whose person was erased before it was read (their published key is shredded) is skipped: the
 * person's deletion follows it on the topic, and nothing about them may be kept.
 */
export function consumeIntegrationEvents(options: IntegrationConsumerOptions): Promise<BusConsumer> {
  const { logger } = options;
  const byType = new Map<string, Map<number, IntegrationHandler>>();
  for (const handler of options.handlers) {
    const versions = byType.get(handler.type) ?? new Map<number, IntegrationHandler>();
    if (versions.has(handler.version)) throw new Error(`two handlers for ${handler.type} version ${handler.version}`);
    versions.set(handler.version, handler);
    byType.set(handler.type, versions);
  }

  async function handle(message: DeliveredMessage): Promise<void> {
    const envelope = integrationEventSchema.safeParse(message.event);
    if (!envelope.success) {
      logger.warn({ topic: message.topic, offset: message.offset }, 'skipping a message that is not an integration event');
      return;
    }
    const event = envelope.data as IntegrationEvent;
    const versions = byType.get(event.type);
    if (!versions) return;
    const handler = versions.get(event.version);
    if (!handler) throw new UnsupportedEventVersionError(event.type, event.version, [...versions.keys()]);
    await options.deduper.once(event.id, async () => {
      const opened = await openPublishedPersonalData(event, options.publishedPersonalData);
      if (opened.erased) {
        logger.debug({ topic: message.topic, eventId: event.id, type: event.type }, 'skipping an event of an erased person');
        return;
      }
      await handler.handle(opened.event);
    });
  }

  return options.bus.subscribe({ groupId: options.group, topics: options.topics, fromBeginning: options.fromBeginning ?? true, handler: handle });
}
