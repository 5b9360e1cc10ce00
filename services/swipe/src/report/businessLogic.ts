import { ChatMessages, SwipeMessages, type ReportReason } from '@nocturne/contracts';
import { invalidInput, RuleViolation, type Decider } from '@nocturne/platform/domain';
import { evolveReport, initialReport, type Report, type ReportEvent } from './report';

/**
 * `text` arrives trimmed and within the limit (the contracts' `reportInputSchema`); `reportedVisible`
 * says whether the reporter may see the person at all, worked out by the application at `now`.
 */
export interface ReportProfile {
  type: 'ReportProfile';
  reportId: string;
  reporterId: number;
  reportedId: number;
  reason: ReportReason;
  text: string;
  reportedVisible: boolean;
  now: Date;
}

export function decideReport(command: ReportProfile, state: Report): ReportEvent[] {
  if (state.filed) return [];
  const { reportId, reporterId, reportedId, reason, text } = command;
  if (reporterId === reportedId) throw invalidInput('userId', ChatMessages.reportSelf);
  // Unknown, erased, not yet onboarded or blocked either way: one answer, so a report finds nobody out.
  if (!command.reportedVisible) throw new RuleViolation('NOT_FOUND', SwipeMessages.unknownPerson);
  return [{ type: 'ProfileReported', data: { reportId, reporterId, reportedId, reason, text, reportedAt: command.now.toISOString() } }];
}

export const reportDecider: Decider<ReportProfile, Report, ReportEvent> = { decide: decideReport, evolve: evolveReport, initialState: initialReport };
