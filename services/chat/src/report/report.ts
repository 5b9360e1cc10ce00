import type { ReportReason } from '@nocturne/contracts';
import type { DomainEvent } from '@nocturne/platform/domain';

/** One report of one person by another, kept for moderation. Stream `report-<reportId>`. */
export const reportStreamId = (reportId: string) => `report-${reportId}`;

/** Where the report was made: a conversation (it names the match) or the deck's detail sheet (via the swipe service). */
export type ReportSource = 'conversation' | 'deck';

/** `text` is personal: the reporter's words, encrypted with their key. `source` absent: a conversation (older events). */
export type ReportFiled = DomainEvent<'ReportFiled', { reportId: string; reporterId: number; reportedId: number; reason: ReportReason; text: string; matchId: number | null; source?: ReportSource; reportedAt: string }>;
export type ReportEvent = ReportFiled;

export interface Report {
  filed: boolean;
}

export const initialReport = (): Report => ({ filed: false });

export const sourceOfReport = (data: Pick<ReportFiled['data'], 'source'>): ReportSource => data.source ?? 'conversation';

export const evolveReport = (state: Report, event: ReportEvent): Report => (event.type === 'ReportFiled' ? { filed: true } : state);
