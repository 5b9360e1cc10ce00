import type { ReportReason } from '@nocturne/contracts';
import type { DomainEvent } from '@nocturne/platform/domain';

/**
 * One report of a person seen on the deck, for moderation; the chat service files it beside the reports
 * of matches. Stream `report-<reportId>`.
 */
export const reportStreamId = (reportId: string) => `report-${reportId}`;

/** `text` is personal: the reporter's words, encrypted with their key (`candidate/personalData.ts`). */
export type ProfileReported = DomainEvent<'ProfileReported', { reportId: string; reporterId: number; reportedId: number; reason: ReportReason; text: string; reportedAt: string }>;
export type ReportEvent = ProfileReported;

export interface Report {
  filed: boolean;
}

export const initialReport = (): Report => ({ filed: false });

export const evolveReport = (state: Report, event: ReportEvent): Report => (event.type === 'ProfileReported' ? { filed: true } : state);
