import type { SwipeWindowMode } from '@nocturne/contracts';
import type { Projection, SerialNumbers } from '@nocturne/platform/kit';
import type { RateLimiter } from '@nocturne/platform/limits';
import type { Logger } from '@nocturne/platform/logging';
import type { EventStore } from '@nocturne/platform/ports';
import type { PersonalDataVault } from '@nocturne/platform/privacy';
import type { SwipeCollections } from './projections/readModels';

/** What every use case of this service is built from; the service wires it once. */
export interface SwipeDependencies {
  /** Personal fields encrypted on append (`personalData.ts`). */
  eventStore: EventStore;
  /** Whose keys are shredded when a person is erased. */
  personalData: Pick<PersonalDataVault, 'shred'>;
  collections: SwipeCollections;
  /** The read models above; `waitFor` after a write gives read-your-writes. */
  projection: Projection;
  matchIds: SerialNumbers;
  /** Counters shared by every instance (`swipe:rate:` in the key-value store). */
  rateLimiter: RateLimiter;
  clock: () => Date;
  newId: () => string;
  /** `always` in the round-the-clock demo (SWIPE_WINDOW=always). */
  windowMode: SwipeWindowMode;
  logger: Logger;
}
