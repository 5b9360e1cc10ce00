import { ChatMessages, reportInputSchema, type ProfileReportedV1 } from '@nocturne/contracts';
import { parseInput, RuleViolation } from '@nocturne/platform/domain';
import { actorCommandContext, causedBy, handleCommand, signedInActor, type Actor, type EventSource } from '@nocturne/platform/kit';
import { conversationKey } from '../conversation/conversation';
import { type ChatDependencies } from '../dependencies';
import { reportDecider } from './businessLogic';
import { reportStreamId } from './report';

/**
 * Reports of people, kept for moderation. One reports someone one matched with, now or before: the two
 * have a conversation (kept after an unmatch, a block or a deletion), and the report names its match.
 * Anyone else (a stranger, an unknown id) is refused with one answer, so a report tells nobody whether
 * two other people matched.
 */
export function createReportApplication(deps: ChatDependencies) {
  /** The match of the two, as the report will name it; `named`, when given, must be that match. */
  async function matchOfTheTwo(reporterId: number, reportedId: number, named: number | null): Promise<number | null> {
    // The reporter reporting themselves is the decider's own refusal.
    if (reporterId === reportedId) return named;
    const row = await deps.collections.conversations.get(conversationKey([reporterId, reportedId]));
    const match = row && !row.erased ? row.matchId : null;
    if (named !== null && named !== match) throw new RuleViolation('NOT_FOUND', ChatMessages.matchNotFound);
    if (match === null) throw new RuleViolation('NOT_FOUND', ChatMessages.reportNotMatched);
    return match;
  }

  return {
    async report(actor: Actor, input: { userId: number; reason: unknown; text?: unknown; matchId?: number | null }): Promise<string> {
      const reporterId = signedInActor(actor);
      const { reason, text } = parseInput(reportInputSchema, { reason: input.reason, text: input.text ?? undefined });
      // Checked before anything is counted: a refused report leaves nothing behind.
      const matchId = await matchOfTheTwo(reporterId, input.userId, input.matchId ?? null);
      await deps.rateLimiter.hit(`report:${reporterId}`, { limit: 20, windowMs: 3600_000 });
      const reportId = deps.newId();
      const now = deps.clock();
      const result = await handleCommand({
        eventStore: deps.eventStore,
        streamId: reportStreamId(reportId),
        decider: reportDecider,
        command: { type: 'FileReport', reportId, reporterId, reportedId: input.userId, reason, text, matchId, source: 'conversation', now },
        context: actorCommandContext(deps.newId, now, actor),
      });
      await deps.projection.waitFor(result.lastGlobalPosition);
      return reportId;
    },

    /** Files a report the swipe service accepted, under its id: the same event delivered twice files one report. */
    async fileFromDeck(report: ProfileReportedV1, source: EventSource): Promise<void> {
      const { reportId, userId: reporterId, reportedId, reason, text, reportedAt } = report;
      const result = await handleCommand({
        eventStore: deps.eventStore,
        streamId: reportStreamId(reportId),
        decider: reportDecider,
        command: { type: 'FileReport', reportId, reporterId, reportedId, reason, text, matchId: null, source: 'deck', now: new Date(reportedAt) },
        context: { now: deps.clock(), newEventId: deps.newId, metadata: causedBy(source) },
      });
      await deps.projection.waitFor(result.lastGlobalPosition);
    },
  };
}
export type ReportApplication = ReturnType<typeof createReportApplication>;
