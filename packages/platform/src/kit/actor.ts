import type { IntegrationEvent } from '@nocturne/contracts';
import type { SubgraphBaseContext } from '../http/subgraphServer';
import { signedInViewer } from '../http/viewer';
import type { EventMetadata } from '../ports';
import type { CommandContext } from './commandHandler';

/** Who a use case acts for, as the gateway vouched for it: the signed-in person, if any, and the request. */
export interface Actor {
  uid?: number;
  requestId?: string;
}

/** The actor of a subgraph request, for the use cases its resolvers call. */
export const actorOf = (context: Pick<SubgraphBaseContext, 'internal' | 'requestId'>): Actor => ({
  ...(context.internal.uid !== undefined && { uid: context.internal.uid }),
  requestId: context.requestId,
});

/** The signed-in person `actor` speaks for; UNAUTHENTICATED for a signed-out one. */
export const signedInActor = (actor: Actor): number => signedInViewer(actor);

/** What the events a command writes for `actor` record of it: the person, and the request they came with. */
export const actorMetadata = (actor: Actor): EventMetadata => ({
  ...(actor.requestId && { correlationId: actor.requestId }),
  ...(actor.uid !== undefined && { actorId: actor.uid }),
});

/** The context of a command `actor` gives at `now`. */
export const actorCommandContext = (newEventId: () => string, now: Date, actor: Actor): CommandContext => ({ now, newEventId, metadata: actorMetadata(actor) });

/** What a reaction to another context's event acts on behalf of: that event, and the request that began it all. */
export interface EventSource {
  eventId: string;
  correlationId?: string;
}

/** The source of a reaction to `event`, as a consumer's handler hands it to a use case. */
export const sourceOf = (event: Pick<IntegrationEvent, 'id' | 'metadata'>): EventSource => ({
  eventId: event.id,
  ...(event.metadata.correlationId && { correlationId: event.metadata.correlationId }),
});

/** What the events a reaction writes record of its source. */
export const causedBy = (source: EventSource): EventMetadata => ({ causationId: source.eventId, ...(source.correlationId && { correlationId: source.correlationId }) });
