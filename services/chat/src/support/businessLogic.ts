import { planAllowances, type PlanId, type SupportRequestInput } from '@nocturne/contracts';
import type { Decider } from '@nocturne/platform/domain';
import { evolveSupportRequest, initialSupportRequest, type SupportEvent, type SupportRequest } from './supportRequest';

/** The request arrives checked (`checkSupportRequest`); `plan` is the sender's plan in force now. */
export interface RequestSupport {
  type: 'RequestSupport';
  requestId: string;
  userId: number;
  request: SupportRequestInput;
  plan: PlanId;
  now: Date;
}

export function decideSupportRequest(command: RequestSupport, state: SupportRequest): SupportEvent[] {
  if (state.requested) return [];
  const { requestId, userId, request, plan } = command;
  return [{ type: 'SupportRequested', data: { requestId, userId, ...request, plan, priority: planAllowances[plan].prioritySupport, requestedAt: command.now.toISOString() } }];
}

export const supportRequestDecider: Decider<RequestSupport, SupportRequest, SupportEvent> = { decide: decideSupportRequest, evolve: evolveSupportRequest, initialState: initialSupportRequest };
