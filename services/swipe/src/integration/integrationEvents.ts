import { SwipeEvents, Topics } from '@nocturne/contracts';
import type { StoredEvent } from '@nocturne/platform/ports';
import type { IntegrationEventDraft } from '@nocturne/platform/relay';
import type { MemberEvent } from '../member/member';
import type { NightEvent } from '../night/night';
import type { PairEvent } from '../pair/pair';
import type { ReportEvent } from '../report/report';

/** Keyed as each case says; swipes go to `swipe.swipes`, the rest to the relay's `swipe.events`. */
export type SwipeIntegrationEvent = IntegrationEventDraft;

/**
 * What the swipe context tells others: swipes (keyed by the swiper, on `swipe.swipes`), matches (keyed by the pair), plan
 * changes and reports of profiles (the reporter's text sealed with their key). Candidates are this service's private copy and never go out again.
 */
export function toIntegrationEvent(stored: StoredEvent): SwipeIntegrationEvent | null {
  const event = stored as StoredEvent & (MemberEvent | NightEvent | PairEvent | ReportEvent);
  switch (event.type) {
    case 'SwipeRecorded': {
      const { swipeId, swiperId, swipedId, kind, swipedAt } = event.data;
      const contract = SwipeEvents.SwipeRecorded;
      return { type: contract.type, version: contract.version, aggregateId: String(swiperId), data: contract.schema.parse({ swipeId, swiperId, swipedId, kind, swipedAt }), topic: Topics.swipes };
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
    case 'ProfileReported': {
      const { reportId, reporterId, reportedId, reason, text, reportedAt } = event.data;
      const contract = SwipeEvents.ProfileReported;
      return { type: contract.type, version: contract.version, aggregateId: stored.streamId, data: contract.schema.parse({ reportId, userId: reporterId, reportedId, reason, text, reportedAt }) };
    }
    default:
      return null;
  }
}
