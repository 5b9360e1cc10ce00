import { integrationEventSchema, type IntegrationEvent } from '@nocturne/contracts';
import type { Logger } from '../logging';
import type { BusConsumer, DeliveredMessage, EventBus } from '../ports';
import { openPublishedPersonalData, type PersonalDataVault } from '../privacy';
import type { Deduper } from './dedupe';

export interface IntegrationConsumerOptions {
  bus: EventBus;
  groupId: string;
  topics: readonly string[];
  /** Opens the personal fields the producer sealed (`adapters.publishedPersonalData`). */
  publishedPersonalData: PersonalDataVault;
  /** Skips events handled before (deliveries are at least once). */
  deduper: Deduper;
  /**
   * Called once per event, in order per key, with `data` as the producer mapped it (personal fields
   * readable); parse it with the contract's schema. Throwing retries the message, then dead-letters it.
   */
  handle(event: IntegrationEvent): Promise<void>;
  /** Where a new group starts (default: the beginning of the topics). */
  fromBeginning?: boolean;
  logger: Logger;
}

/**
 * The one way a service reads other contexts' integration events: envelope checked, duplicates skipped,
 * personal fields opened. An event whose person was erased before it was read (their published key is
 * shredded) is skipped: the person's deletion follows it on the topic, and nothing about them may be kept.
 */
export function consumeIntegrationEvents(options: IntegrationConsumerOptions): Promise<BusConsumer> {
  const { logger } = options;

  async function handle(message: DeliveredMessage): Promise<void> {
    const envelope = integrationEventSchema.safeParse(message.event);
    if (!envelope.success) {
      logger.warn({ topic: message.topic, offset: message.offset }, 'skipping a message that is not an integration event');
      return;
    }
    const event = envelope.data as IntegrationEvent;
    await options.deduper.once(event.id, async () => {
      const opened = await openPublishedPersonalData(event, options.publishedPersonalData);
      if (opened.erased) {
        logger.debug({ topic: message.topic, eventId: event.id, type: event.type }, 'skipping an event of an erased person');
        return;
      }
      await options.handle(opened.event);
    });
  }

  return options.bus.subscribe({ groupId: options.groupId, topics: options.topics, fromBeginning: options.fromBeginning ?? true, handler: handle });
}
