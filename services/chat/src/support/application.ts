import { checkSupportRequest, SupportLimits } from '@nocturne/contracts';
import { invalidInput } from '@nocturne/platform/domain';
import { actorCommandContext, handleCommand, loadStream, signedInActor, type Actor } from '@nocturne/platform/kit';
import { chatterDecider } from '../chatter/businessLogic';
import { chatterStreamId, planInForce } from '../chatter/chatter';
import type { ChatDependencies } from '../dependencies';
import { supportRequestDecider } from './businessLogic';
import { supportStreamId } from './supportRequest';

/**
 * Contact support: everyone may write; the plan the chat context follows (the chatter's) decides whether
 * the request is answered first. The moderation tool (`npm run support:open`) lists them, priority first.
 */
export function createSupportApplication(deps: ChatDependencies) {
  return {
    async requestSupport(actor: Actor, input: { subject?: unknown; message?: unknown }): Promise<{ priority: boolean }> {
      const userId = signedInActor(actor);
      const checked = checkSupportRequest(input);
      if (!checked.ok) throw invalidInput(checked.field, checked.message);
      await deps.rateLimiter.hit(`support:${userId}`, { limit: SupportLimits.requestsPerHour, windowMs: 3600_000 });
      const now = deps.clock();
      const { state: chatter } = await loadStream(deps.eventStore, chatterStreamId(userId), chatterDecider);
      const requestId = deps.newId();
      const result = await handleCommand({
        eventStore: deps.eventStore,
        streamId: supportStreamId(requestId),
        decider: supportRequestDecider,
        command: { type: 'RequestSupport', requestId, userId, request: checked.request, plan: planInForce(chatter, now), now },
        context: actorCommandContext(deps.newId, now, actor),
      });
      await deps.projection.waitFor(result.lastGlobalPosition);
      const requested = result.events[0];
      return { priority: requested?.data.priority ?? false };
    },
  };
}
export type SupportApplication = ReturnType<typeof createSupportApplication>;
