import { AuthEvents, ProfileEvents, SwipeEvents, Topics } from '@nocturne/contracts';
import { sourceOf, type ServiceConsumer } from '@nocturne/platform/kit';
import { on } from '@nocturne/platform/relay';
import type { ChatterApplication } from '../chatter/application';
import type { ReportApplication } from '../report/application';

export const CHAT_CONSUMER_GROUP = 'chat';

/** Matches, plans, blocks and reports of deck profiles from the swipe context, time zones from the profile, deletions from auth. */
export function otherContextsConsumer(chatters: ChatterApplication, reports: ReportApplication): ServiceConsumer {
  return {
    group: CHAT_CONSUMER_GROUP,
    topics: [Topics.swipe, Topics.profile, Topics.auth],
    dedupeNamespace: 'chat-contexts',
    handlers: [
      on(SwipeEvents.MatchCreated, (data, event) => chatters.openConversation(data, sourceOf(event))),
      // A match that faded was ended here first (the dawn rule); the swipe context only followed.
      on(SwipeEvents.MatchEnded, async (data, event) => {
        if (data.reason !== 'faded' && data.endedBy !== null) await chatters.endConversation(data.userIds, data.reason, data.endedBy, sourceOf(event));
      }),
      on(SwipeEvents.PersonBlocked, (data, event) => chatters.recordBlock(data.blockerId, data.blockedId, data.blockedAt, sourceOf(event))),
      on(SwipeEvents.ProfileReported, (data, event) => reports.fileFromDeck(data, sourceOf(event))),
      on(SwipeEvents.PlanChanged, (data, event) => chatters.recordPlan({ type: 'RecordPlan', userId: data.userId, plan: data.plan, expiresAt: data.expiresAt, changedAt: data.changedAt }, sourceOf(event))),
      on(ProfileEvents.TimeZoneSet, (data, event) => chatters.recordTimeZone({ type: 'RecordTimeZone', userId: data.userId, timeZone: data.timeZone, requestedAt: event.occurredAt }, sourceOf(event))),
      on(AuthEvents.UserDeleted, (data, event) => chatters.erase(data.userId, sourceOf(event))),
    ],
  };
}
