import { ChatMessages, type ReportReason } from '@nocturne/contracts';
import { RuleViolation, type Decider } from '@nocturne/platform/domain';
import { evolveReport, initialReport, type Report, type ReportEvent, type ReportSource } from './report';

/** `text` arrives trimmed and within the limit (the contracts' `reportInputSchema`). */
export interface FileReport {
  type: 'FileReport';
  reportId: string;
  reporterId: number;
  reportedId: number;
  reason: ReportReason;
  text: string;
  matchId: number | null;
  source: ReportSource;
  now: Date;
}

export function decideReport(command: FileReport, state: Report): ReportEvent[] {
  if (state.filed) return [];
  if (command.reporterId === command.reportedId) throw new RuleViolation('BAD_USER_INPUT', ChatMessages.reportSelf, { field: 'userId' });
  const { reportId, reporterId, reportedId, reason, text, matchId, source } = command;
  return [{ type: 'ReportFiled', data: { reportId, reporterId, reportedId, reason, text, matchId, source, reportedAt: command.now.toISOString() } }];
}

export const reportDecider: Decider<FileReport, Report, ReportEvent> = { decide: decideReport, evolve: evolveReport, initialState: initialReport };
