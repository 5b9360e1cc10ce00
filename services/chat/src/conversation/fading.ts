import { handleCommand, type DueWork } from '@nocturne/platform/kit';
import { channels, type ChatDependencies } from '../dependencies';
import type { ConversationRow } from '../projections/readModels';
import { conversationDecider } from './businessLogic';
import { conversationStreamId } from './conversation';
import type { ConversationSignal, PersonSignal } from './application';

/**
 * The dawn rule as due work: conversations whose dawn has passed with nobody writing, read from the
 * `conversations` read model (rebuilt from the events, so a restart finds them again), each faded by
 * its own decider, which looks at the conversation itself (a message or a Time-Freeze that landed since
 * the read model was read keeps it).
 */
export function dawnRuleWork(deps: ChatDependencies): DueWork<ConversationRow> {
  return {
    name: 'dawn rule',
    due: (now, limit) => deps.collections.conversations.find({ endedAt: null, erased: { $ne: true }, fadesAt: { $lte: now.toISOString() } }, { sort: { fadesAt: 1 }, limit }),
    async run(row) {
      const now = deps.clock();
      const result = await handleCommand({ eventStore: deps.eventStore, streamId: conversationStreamId(row.userIds), decider: conversationDecider, command: { type: 'FadeAtDawn', now }, context: { now, newEventId: deps.newId } });
      if (result.events.length === 0) return;
      await deps.projection.waitFor(result.lastGlobalPosition);
      // Streams about the other person end with the match, on every instance.
      await deps.live.publish(channels.conversation(row.conversationId), { kind: 'ended', reason: 'faded' } satisfies ConversationSignal);
      // As after an unmatch: each person's list hears of the change (their unread total, unchanged, is its cue).
      for (const userId of row.userIds) {
        const sides = await deps.collections.participants.find({ userId, active: true });
        const total = sides.reduce((sum, side) => sum + (side.erased ? 0 : side.unread), 0);
        await deps.live.publish(channels.person(userId), { kind: 'unread', total } satisfies PersonSignal);
      }
    },
  };
}
