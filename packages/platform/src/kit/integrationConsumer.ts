import type { ZodType } from 'zod';
import { integrationEventSchema, type IntegrationEvent } from '@nocturne/contracts';
import type { Logger } from '../logging';
import type { BusConsumer, DeliveredMessage, EventBus } from '../ports';
import type { Deduper } from '../relay/dedupe';

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

/** Handles one version of one contract: the data arrives parsed with the contract's schema. */
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

export interface ConsumeIntegrationEventsOptions {
  bus: EventBus;
  /** Consumer group: instances of one service share it. */
  group: string;
  topics: readonly string[];
  handlers: readonly IntegrationHandler[];
  /** Skips an event id handled before (deliveries are at least once). */
  deduper: Deduper;
  logger: Logger;
}

/**
 * The one integration consumer: parses the envelope with the contracts' schema, skips ids already
 * handled, and dispatches on type and version. Types it has no handler for are not its business and are
 * skipped; a known type at an unknown version, or data its schema refuses, throws, so the bus retries
 * and then parks the message on the dead-letter topic instead of losing it.
 */
export function consumeIntegrationEvents(options: ConsumeIntegrationEventsOptions): Promise<BusConsumer> {
  const { logger, deduper } = options;
  const byType = new Map<string, Map<number, IntegrationHandler>>();
  for (const handler of options.handlers) {
    const versions = byType.get(handler.type) ?? new Map<number, IntegrationHandler>();
    if (versions.has(handler.version)) throw new Error(`two handlers for ${handler.type} version ${handler.version}`);
    versions.set(handler.version, handler);
    byType.set(handler.type, versions);
  }

  const handle = async (message: DeliveredMessage) => {
    const parsed = integrationEventSchema.safeParse(message.event);
    if (!parsed.success) {
      logger.warn({ topic: message.topic, partition: message.partition, offset: message.offset }, 'skipping a message that is not an integration event');
      return;
    }
    const event = parsed.data;
    const versions = byType.get(event.type);
    if (!versions) return;
    const handler = versions.get(event.version);
    if (!handler) throw new UnsupportedEventVersionError(event.type, event.version, [...versions.keys()]);
    await deduper.once(event.id, () => handler.handle(event));
  };

  return options.bus.subscribe({ groupId: options.group, topics: options.topics, fromBeginning: true, handler: handle });
}
