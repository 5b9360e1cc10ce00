import { Messages, type SwipeWindowMode } from '@nocturne/contracts';
import { RuleViolation, type EventMetadata, type EventStore, type Logger, type PersonalDataVault, type Projection, type SerialNumbers } from '@nocturne/platform';
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
  clock: () => Date;
  newId: () => string;
  /** `always` in the round-the-clock demo (SWIPE_WINDOW=always). */
  windowMode: SwipeWindowMode;
  logger: Logger;
}

/** Who is asking, as the gateway vouched for it. */
export interface Actor {
  uid?: number;
  requestId?: string;
}

export function signedIn(actor: Actor): number {
  if (actor.uid === undefined) throw new RuleViolation('UNAUTHENTICATED', Messages.signedOut);
  return actor.uid;
}

export const commandContext = (deps: Pick<SwipeDependencies, 'newId'>, now: Date, actor: Actor) => ({
  now,
  newEventId: deps.newId,
  metadata: { ...(actor.requestId && { correlationId: actor.requestId }), ...(actor.uid !== undefined && { actorId: actor.uid }) } satisfies EventMetadata,
});
