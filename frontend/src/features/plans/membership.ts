import { planNames, type Billing, type PlanId } from '@nocturne/contracts/plans';
import { choosePlan, fetchMembership, type Membership } from '../../api/swipe';
import { createUserResource } from '../../session/userResource';
import { takeArrivedAnswer, takeEarlyAnswer } from '../../prefetch/deckPrefetch';
import { toast } from '../../toast/toastStore';
import { isUpgrade } from './plans';

/** The person's plan as the server keeps it, shared by the deck header, the Lobby, Settings and the prompts. */
export const membershipResource = createUserResource(async () => (await takeEarlyAnswer('membership')) ?? fetchMembership(), { arrived: () => takeArrivedAnswer('membership') });

/** Listeners told after a plan change, so screens with plan-bound counts (the deck's quota) reload them. */
const planChangeListeners = new Set<(membership: Membership) => void>();
export function onPlanChanged(listener: (membership: Membership) => void) {
  planChangeListeners.add(listener);
  return () => {
    planChangeListeners.delete(listener);
  };
}

/**
 * Chooses a plan on the server (simulated: no payment) and says so: 'Upgrade Successful' / "You've
 * upgraded to {plan}!" when moving up, a plain note when moving down.
 */
export async function changePlan(userId: number, from: PlanId, plan: PlanId, billing?: Billing): Promise<Membership> {
  const membership = await choosePlan(plan, billing);
  membershipResource.set(userId, membership);
  for (const listener of planChangeListeners) listener(membership);
  if (isUpgrade(from, membership.plan)) toast({ title: 'Upgrade Successful', description: `You've upgraded to ${planNames[membership.plan]}!` });
  else toast({ title: 'Plan Changed', description: `You're on ${planNames[membership.plan]} now.` });
  return membership;
}

export const PLAN_CHANGE_FAILED = { title: 'Error', description: 'Failed to change your plan. Please try again.', variant: 'destructive' as const };
