import type { PersonalDataRules } from '@nocturne/platform/privacy';

/**
 * What a person wrote is theirs: each message's text is encrypted with the sender's key (this service's
 * own) and unreadable once they delete their account; reports keep the reporter's text the same way, and support requests their words.
 */
export const chatPersonalData = {
  MessageSent: { subject: (data) => String(data.senderId), fields: ['content'] },
  ReportFiled: { subject: (data) => String(data.reporterId), fields: ['text'] },
  SupportRequested: { subject: (data) => String(data.userId), fields: ['subject', 'message'] },
  ChatterTimeZoneSet: { subject: (data) => String(data.userId), fields: ['timeZone'] },
  ChatterTimeZoneScheduled: { subject: (data) => String(data.userId), fields: ['timeZone', 'nextTimeZone'] },
} satisfies PersonalDataRules;
