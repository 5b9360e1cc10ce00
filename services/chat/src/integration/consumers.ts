import { AuthEvents, ProfileEvents, SwipeEvents, Topics } from '@nocturne/contracts';
import { sourceOf, type ConsumerReadYourWrites } from '@nocturne/platform/kit';
import type { Logger } from '@nocturne/platform/logging';
import type { BusConsumer, EventBus, KeyValueStore } from '@nocturne/platform/ports';
import type { PersonalDataVault } from '@nocturne/platform/privacy';
import { consumeIntegrationEvents, keyValueDeduper, on } from '@nocturne/platform/relay';
import type { PeopleApplication } from '../chatter/application';

export const CHAT_CONSUMER_GROUP = 'chat';

/** Matches, plans and blocks from the swipe context, time zones from the profile, deletions from auth. */
export function consumeOtherContexts(deps: { bus: EventBus; kv: KeyValueStore; publishedPersonalData: PersonalDataVault; people: PeopleApplication; logger: Logger; readYourWrites?: ConsumerReadYourWrites }): Promise<BusConsumer> {
  const { people } = deps;
  return consumeIntegrationEvents({
    bus: deps.bus,
    group: CHAT_CONSUMER_GROUP,
    topics: [Topics.swipe, Topics.profile, Topics.auth],
    publishedPersonalData: deps.publishedPersonalData,
    deduper: keyValueDeduper(deps.kv, { namespace: 'chat-contexts' }),
    logger: deps.logger,
    readYourWrites: deps.readYourWrites,
    handlers: [
      on(SwipeEvents.MatchCreated, (data, event) => people.openConversation(data, sourceOf(event))),
      on(SwipeEvents.MatchEnded, (data, event) => people.endConversation(data.userIds, data.reason, data.endedBy, sourceOf(event))),
      on(SwipeEvents.PersonBlocked, (data, event) => people.recordBlock(data.blockerId, data.blockedId, data.blockedAt, sourceOf(event))),
      on(SwipeEvents.PlanChanged, (data, event) => people.recordPlan({ type: 'RecordPlan', userId: data.userId, plan: data.plan, expiresAt: data.expiresAt, changedAt: data.changedAt }, sourceOf(event))),
      on(ProfileEvents.TimeZoneSet, (data, event) => people.recordTimeZone({ type: 'RecordTimeZone', userId: data.userId, timeZone: data.timeZone, requestedAt: event.occurredAt }, sourceOf(event))),
      on(AuthEvents.UserDeleted, (data, event) => people.erase(data.userId, sourceOf(event))),
    ],
  });
}
