// Contact support (Settings): everyone may write; Plus and Max members' requests are answered first
// (`planAllowances[plan].prioritySupport`). Zod-free: the Settings form checks with the same rule.

export const SupportLimits = {
  subjectMin: 3,
  subjectMax: 120,
  messageMin: 10,
  messageMax: 2000,
  /** Requests one person may send an hour. */
  requestsPerHour: 5,
} as const;

export const SupportMessages = {
  subject: `Subject must be ${SupportLimits.subjectMin} to ${SupportLimits.subjectMax} characters`,
  message: `Message must be ${SupportLimits.messageMin} to ${SupportLimits.messageMax} characters`,
} as const;

export interface SupportRequestInput {
  subject: string;
  message: string;
}

/** The request as it is kept (trimmed), or the first field that breaks the rule and why. */
export function checkSupportRequest(input: { subject?: unknown; message?: unknown }): { ok: true; request: SupportRequestInput } | { ok: false; field: 'subject' | 'message'; message: string } {
  const subject = typeof input.subject === 'string' ? input.subject.trim() : '';
  if (subject.length < SupportLimits.subjectMin || subject.length > SupportLimits.subjectMax) return { ok: false, field: 'subject', message: SupportMessages.subject };
  const message = typeof input.message === 'string' ? input.message.trim() : '';
  if (message.length < SupportLimits.messageMin || message.length > SupportLimits.messageMax) return { ok: false, field: 'message', message: SupportMessages.message };
  return { ok: true, request: { subject, message } };
}
