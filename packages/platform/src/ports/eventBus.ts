import type { IntegrationEvent } from '@nocturne/contracts';

export interface BusMessage {
  /** Aggregate id: messages with the same key keep their order. */
  key: string;
  event: IntegrationEvent;
}

export interface DeliveredMessage extends BusMessage {
  topic: string;
  partition: number;
  offset: string;
}

export interface SubscribeOptions {
  /** Consumers sharing a group id share the work; each group sees every message. */
  groupId: string;
  topics: readonly string[];
  /** Where a group with no committed position starts; default true (the beginning). */
  fromBeginning?: boolean;
  /**
   * Called once per message, in order per key. The position is committed only after it resolves
   * (at-least-once: handlers must be idempotent, dedupe by event id). A message whose handler keeps
   * failing goes to the dead-letter topic after `maxAttempts` (default 5).
   */
  handler: (message: DeliveredMessage) => Promise<void>;
  maxAttempts?: number;
}

export interface BusConsumer {
  /** Finishes the message in flight, commits, and stops. */
  stop(): Promise<void>;
}

export interface EventBus {
  publish(topic: string, messages: readonly BusMessage[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<BusConsumer>;
  /** Messages of each topic that the group has not committed yet (consumer lag, for the metrics). */
  lagOf?(groupId: string, topics: readonly string[]): Promise<Record<string, number>>;
  close(): Promise<void>;
}
