import type { LiveChannels, Projection } from '@nocturne/platform/kit';
import type { RateLimiter } from '@nocturne/platform/limits';
import type { Logger } from '@nocturne/platform/logging';
import type { EventStore } from '@nocturne/platform/ports';
import type { PersonalDataVault } from '@nocturne/platform/privacy';
import type { ChatCollections } from './projections/readModels';

/** What every use case of this service is built from; the service wires it once. */
export interface ChatDependencies {
  /** Personal fields encrypted on append (`conversation/personalData.ts`). */
  eventStore: EventStore;
  personalData: Pick<PersonalDataVault, 'shred'>;
  collections: ChatCollections;
  projection: Projection;
  /** Fan-out to the subscriptions of every instance. */
  live: LiveChannels;
  rateLimiter: RateLimiter;
  clock: () => Date;
  newId: () => string;
  logger: Logger;
}

/** The channels of live updates (`LiveChannels`): one per conversation, one per person, one per person's presence. */
export const channels = {
  conversation: (conversationId: string) => `chat:conversation:${conversationId}`,
  person: (userId: number) => `chat:user:${userId}`,
  presence: (userId: number) => `chat:presence:${userId}`,
};
