import { SwipeEvents } from '@nocturne/contracts';
import type { StoredEvent } from '@nocturne/platform/ports';
import type { MemberEvent } from '../member/member';
import type { NightEvent } from '../night/night';
import type { PairEvent } from '../pair/pair';

export interface SwipeIntegrationEvent {
  type: string;
  version: number;
  aggregateId: string;
  data: unknown;
}

/**
 * What the swipe context tells others: swipes (keyed by the swiper), matches (keyed by the pair) and
 * plan changes. Candidates are this service's private copy and never go out again.
 */
export function toIntegrationEvent(stored: StoredEvent): SwipeIntegrationEvent | null {
  const event = stored as StoredEvent & (MemberEvent | NightEvent | PairEvent);
  switch (event.type) {
    case 'SwipeRecorded': {
      const { swipeId, swiperId, swipedId, kind, swipedAt } = event.data;
      const contract = SwipeEvents.SwipeRecorded;
      return { type: contract.type, version: contract.version, aggregateId: String(swiperId), data: contract.schema.parse({ swipeId, swiperId, swipedId, kind, swipedAt }) };
    }
    case 'MatchCreated': {
      const contract = SwipeEvents.MatchCreated;
      return { type: contract.type, version: contract.version, aggregateId: stored.streamId, data: contract.schema.parse(event.data) };
    }
    case 'MatchEnded': {
      const contract = SwipeEvents.MatchEnded;
      return { type: contract.type, version: contract.version, aggregateId: stored.streamId, data: contract.schema.parse(event.data) };
    }
    case 'PairBlocked': {
      const contract = SwipeEvents.PersonBlocked;
      return { type: contract.type, version: contract.version, aggregateId: stored.streamId, data: contract.schema.parse(event.data) };
    }
    case 'PlanChosen': {
      const { userId, plan, expiresAt, chosenAt } = event.data;
      const contract = SwipeEvents.PlanChanged;
      return { type: contract.type, version: contract.version, aggregateId: String(userId), data: contract.schema.parse({ userId, plan, expiresAt, changedAt: chosenAt }) };
    }
    default:
      return null;
  }
}
