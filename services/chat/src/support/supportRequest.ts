import type { PlanId } from '@nocturne/contracts';
import type { DomainEvent } from '@nocturne/platform/domain';

/** One message to the support team. Stream `support-<requestId>`. */
export const supportStreamId = (requestId: string) => `support-${requestId}`;

/**
 * `subject` and `message` are personal (the sender's words, encrypted with their key). `priority`: the
 * sender's plan when they wrote (`plan`) is answered first.
 */
export type SupportRequested = DomainEvent<'SupportRequested', { requestId: string; userId: number; subject: string; message: string; plan: PlanId; priority: boolean; requestedAt: string }>;
export type SupportEvent = SupportRequested;

export interface SupportRequest {
  requested: boolean;
}

export const initialSupportRequest = (): SupportRequest => ({ requested: false });

export const evolveSupportRequest = (state: SupportRequest, event: SupportEvent): SupportRequest => (event.type === 'SupportRequested' ? { requested: true } : state);
