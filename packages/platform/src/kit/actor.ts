import type { IntegrationEvent } from '@nocturne/contracts';
import type { SubgraphBaseContext } from '../http/subgraphServer';
import { signedInViewer } from '../http/viewer';
import type { EventMetadata } from '../ports';
import type { CommandContext } from './commandHandler';

/**
 * Who a use case acts for, as the gateway vouched for it (`InternalContext`): the signed-in person, if
 * any, where the request came from, and the request.
 */
export interface Actor {
  uid?: number;
  /** The client's address: what rate limits by address count (auth's sign-up, sign-in, password reset). */
  ip: string;
  /** Hash of the session the request came with: signing out revokes it, signing in replaces it. */
  sid?: string;
  /** Hash of the device cookie the request came with: a device that signed in before has its own budget of failed sign-ins. */
  dev?: string;
  requestId?: string;
}

/** The actor of a subgraph request, for the use cases its resolvers (or its media routes) call. */
export const actorOf = (context: Pick<SubgraphBaseContext, 'internal'> & Partial<Pick<SubgraphBaseContext, 'requestId'>>): Actor => ({
  ...(context.internal.uid !== undefined && { uid: context.internal.uid }),
  ip: context.internal.ip,
  ...(context.internal.sid !== undefined && { sid: context.internal.sid }),
  ...(context.internal.dev !== undefined && { dev: context.internal.dev }),
  ...(context.requestId !== undefined && { requestId: context.requestId }),
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
