import type { ReportReason } from '@nocturne/contracts';
import type { DomainEvent } from '@nocturne/platform/domain';

/** One report of one person by another, kept for moderation. Stream `report-<reportId>`. */
export const reportStreamId = (reportId: string) => `report-${reportId}`;

/** `text` is personal: the reporter's words, encrypted with their key. */
export type ReportFiled = DomainEvent<'ReportFiled', { reportId: string; reporterId: number; reportedId: number; reason: ReportReason; text: string; matchId: number | null; reportedAt: string }>;
export type ReportEvent = ReportFiled;

export interface Report {
  filed: boolean;
}

export const initialReport = (): Report => ({ filed: false });

export const evolveReport = (state: Report, event: ReportEvent): Report => (event.type === 'ReportFiled' ? { filed: true } : state);
