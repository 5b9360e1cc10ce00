import { reportInputSchema } from '@nocturne/contracts';
import { parseInput } from '@nocturne/platform/domain';
import { actorCommandContext, handleCommand, signedInActor, type Actor } from '@nocturne/platform/kit';
import { type SwipeDependencies } from '../dependencies';
import { reportDecider } from './businessLogic';
import { reportStreamId } from './report';
import { blockedEitherWay } from '../projections/readModels';

/** Reports per reporter and hour, refused ones included: far above anyone's real need, far below a flood. */
export const PROFILE_REPORTS_PER_HOUR = 20;

/**
 * Reports of people seen on the deck (or anywhere else the reporter may see them), for moderation. The
 * chat service files each beside the reports of matches (`ProfileReported` on `swipe.events`). A report
 * hides nobody: blocking is its own act.
 */
export function createReportApplication(deps: SwipeDependencies) {
  const { collections } = deps;

  /** The deck's own rule of who may be shown: onboarded, not erased, neither blocked by the other. */
  async function visibleTo(viewerId: number, subjectId: number): Promise<boolean> {
    const subject = await collections.candidates.get(String(subjectId));
    if (!subject || subject.erased || !subject.onboarded) return false;
    return !(await blockedEitherWay(collections, viewerId, subjectId));
  }

  return {
    async reportProfile(actor: Actor, input: { userId: number; reason: unknown; text?: unknown }): Promise<string> {
      const reporterId = signedInActor(actor);
      const { reason, text } = parseInput(reportInputSchema, { reason: input.reason, text: input.text ?? undefined });
      // Counted before the person is looked up: probing ids costs the same as reporting.
      await deps.rateLimiter.hit(`reports:${reporterId}`, { limit: PROFILE_REPORTS_PER_HOUR, windowMs: 3600_000 });
      const reportId = deps.newId();
      const now = deps.clock();
      const reportedVisible = input.userId !== reporterId && (await visibleTo(reporterId, input.userId));
      const result = await handleCommand({
        eventStore: deps.eventStore,
        streamId: reportStreamId(reportId),
        decider: reportDecider,
        command: { type: 'ReportProfile', reportId, reporterId, reportedId: input.userId, reason, text, reportedVisible, now },
        context: actorCommandContext(deps.newId, now, actor),
      });
      await deps.projection.waitFor(result.lastGlobalPosition);
      return reportId;
    },
  };
}
export type ReportApplication = ReturnType<typeof createReportApplication>;
