import { reportInputSchema } from '@nocturne/contracts';
import { actorCommandContext, handleCommand, parseInput, signedInActor, type Actor } from '@nocturne/platform';
import { type ChatDependencies } from '../dependencies';
import { reportDecider } from './businessLogic';
import { reportStreamId } from './report';

/** Reports of people, kept for moderation; anyone signed in may report anyone they can see. */
export function createReportApplication(deps: ChatDependencies) {
  return {
    async report(actor: Actor, input: { userId: number; reason: unknown; text?: unknown; matchId?: number | null }): Promise<string> {
      const reporterId = signedInActor(actor);
      const { reason, text } = parseInput(reportInputSchema, { reason: input.reason, text: input.text ?? undefined });
      await deps.rateLimiter.hit(`report:${reporterId}`, { limit: 20, windowMs: 3600_000 });
      const reportId = deps.newId();
      const now = deps.clock();
      const result = await handleCommand({
        eventStore: deps.eventStore,
        streamId: reportStreamId(reportId),
        decider: reportDecider,
        command: { type: 'FileReport', reportId, reporterId, reportedId: input.userId, reason, text, matchId: input.matchId ?? null, now },
        context: actorCommandContext(deps.newId, now, actor),
      });
      await deps.projection.waitFor(result.lastGlobalPosition);
      return reportId;
    },
  };
}
export type ReportApplication = ReturnType<typeof createReportApplication>;
