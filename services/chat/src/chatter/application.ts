import { zoneInForce } from '@nocturne/contracts';
import { causedBy, handleCommand, loadStream, type EventSource } from '@nocturne/platform/kit';
import { conversationDecider } from '../conversation/businessLogic';
import { conversationKey, conversationStreamId, type EndReason } from '../conversation/conversation';
import { channels, type ChatDependencies } from '../dependencies';
import type { Presence } from '../live/presence';
import { chatterDecider, type ChatterCommand } from './businessLogic';
import { chatterStreamId } from './chatter';

/** A match announced live only this soon after it happened (a replay of old matches stays quiet). */
const LIVE_MATCH_MS = 5 * 60_000;

/**
 * Keeps this service in step with what the swipe, auth and profile contexts published: conversations
 * open and end with matches, plans and time zones feed the night's quota, blocks hide people both
 * ways, and a deleted account takes its messages with it.
 */
export function createChatterApplication(deps: ChatDependencies, presence: Presence) {
  const context = (source: EventSource) => ({ now: deps.clock(), newEventId: deps.newId, metadata: causedBy(source) });
  const onChatter = async (command: ChatterCommand, source: EventSource): Promise<void> => {
    await handleCommand({ eventStore: deps.eventStore, streamId: chatterStreamId(command.userId), decider: chatterDecider, command, context: context(source) });
  };

  async function end(userIds: [number, number], reason: EndReason, by: number, source: EventSource) {
    const result = await handleCommand({ eventStore: deps.eventStore, streamId: conversationStreamId(userIds), decider: conversationDecider, command: { type: 'EndConversation', reason, by, now: deps.clock() }, context: context(source) });
    if (result.events.length === 0) return;
    await deps.projection.waitFor(result.lastGlobalPosition);
    await deps.live.publish(channels.conversation(conversationKey(userIds)), { kind: 'ended', reason });
    for (const userId of result.state.userIds) await deps.live.publish(channels.person(userId), { kind: 'unread', total: await unreadTotal(userId) });
  }

  async function unreadTotal(userId: number): Promise<number> {
    const rows = await deps.collections.participants.find({ userId, active: true });
    return rows.reduce((total, row) => total + row.unread, 0);
  }

  return {
    async openConversation(match: { matchId: number; userIds: [number, number]; createdAt: string }, source: EventSource): Promise<void> {
      const now = deps.clock();
      const matchedAt = new Date(match.createdAt);
      // The dawn rule follows each person's clock as it stood when they matched.
      const zones = (await Promise.all(match.userIds.map((userId) => loadStream(deps.eventStore, chatterStreamId(userId), chatterDecider)))).map(({ state }) => zoneInForce(state.zones, matchedAt)) as [string, string];
      const command = { type: 'OpenConversation' as const, matchId: match.matchId, userIds: match.userIds, matchedAt, zones, now };
      const result = await handleCommand({ eventStore: deps.eventStore, streamId: conversationStreamId(match.userIds), decider: conversationDecider, command, context: context(source) });
      // Callers find a conversation by its match id in the read model: it is there before anyone hears of the match.
      await deps.projection.waitFor(result.lastGlobalPosition);
      if (result.events.length === 0 || now.getTime() - Date.parse(match.createdAt) > LIVE_MATCH_MS) return;
      const [a, b] = match.userIds;
      await deps.live.publish(channels.person(a), { kind: 'match', matchId: match.matchId, otherUserId: b, createdAt: match.createdAt });
      await deps.live.publish(channels.person(b), { kind: 'match', matchId: match.matchId, otherUserId: a, createdAt: match.createdAt });
    },
    endConversation: end,
    async recordBlock(blockerId: number, blockedId: number, blockedAt: string, source: EventSource): Promise<void> {
      await onChatter({ type: 'RecordBlock', userId: blockerId, otherId: blockedId, blockedAt }, source);
      await onChatter({ type: 'RecordBlock', userId: blockedId, otherId: blockerId, blockedAt }, source);
    },
    recordPlan: (command: Extract<ChatterCommand, { type: 'RecordPlan' }>, source: EventSource) => onChatter(command, source),
    recordTimeZone: (command: Extract<ChatterCommand, { type: 'RecordTimeZone' }>, source: EventSource) => onChatter(command, source),
    /** Erase first, then shred: every stream that held the person's words now ends in the erasure. */
    async erase(userId: number, source: EventSource): Promise<void> {
      const conversations = await deps.collections.conversations.find({ userIds: userId });
      for (const row of conversations) {
        if (row.erased) continue;
        const result = await handleCommand({ eventStore: deps.eventStore, streamId: conversationStreamId(row.userIds), decider: conversationDecider, command: { type: 'EraseParticipant', userId, now: deps.clock() }, context: context(source) });
        if (result.events.length === 0) continue;
        // As for an unmatch: the read model has the erasure before the other side is told and reads it.
        await deps.projection.waitFor(result.lastGlobalPosition);
        await deps.live.publish(channels.conversation(row.conversationId), { kind: 'ended', reason: 'deleted' });
      }
      await onChatter({ type: 'EraseChatter', userId, now: deps.clock() }, source);
      await presence.forget(userId);
      await deps.personalData.shred(String(userId));
    },
  };
}
export type ChatterApplication = ReturnType<typeof createChatterApplication>;
