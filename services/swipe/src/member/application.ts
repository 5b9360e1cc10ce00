import { planAllowances, type Billing, type DeckFilters, type PlanAllowance, type PlanId } from '@nocturne/contracts';
import { actorCommandContext, handleCommand, loadStream, signedInActor, type Actor } from '@nocturne/platform/kit';
import { type SwipeDependencies } from '../dependencies';
import { memberDecider, type MemberCommand } from './businessLogic';
import { memberStreamId, planInForce, type Member } from './member';
import type { CandidateRow } from '../projections/readModels';

export interface MembershipView {
  plan: PlanId;
  billing: Billing | null;
  /** When a Night Pass runs out. */
  expiresAt: string | null;
  isPremium: boolean;
}

export interface PlanInForce {
  plan: PlanId;
  allowance: PlanAllowance;
}

const inForce = (member: Pick<Member, 'plan' | 'planExpiresAt'>, now: Date): PlanInForce => {
  const plan = planInForce(member, now);
  return { plan, allowance: planAllowances[plan] };
};

const view = (member: Member, now: Date): MembershipView => {
  const plan = planInForce(member, now);
  return { plan, billing: plan === member.plan ? member.billing : null, expiresAt: plan === member.plan ? member.planExpiresAt : null, isPremium: plan !== 'free' };
};

/** Plans (simulated, but kept and enforced) and deck filters. */
export function createMemberApplication(deps: SwipeDependencies) {
  const load = async (userId: number): Promise<Member> => (await loadStream(deps.eventStore, memberStreamId(userId), memberDecider)).state;
  /** Decides `command` (made for the signed-in person at the service's now) on their member stream. */
  const decide = async (actor: Actor, command: (userId: number, now: Date) => MemberCommand) => {
    const userId = signedInActor(actor);
    const now = deps.clock();
    const result = await handleCommand({ eventStore: deps.eventStore, streamId: memberStreamId(userId), decider: memberDecider, command: command(userId, now), context: actorCommandContext(deps.newId, now, actor) });
    return { ...result, now };
  };

  return {
    load,
    decide,
    async planInForce(userId: number, now: Date): Promise<PlanInForce> {
      return inForce(await load(userId), now);
    },
    /**
     * The same from the person's candidate row when it was read anyway (a swipe reads both people's): it
     * keeps the plan (`choosePlan` answers once it does); a row without one, or none, reads the stream.
     */
    async planInForceOf(userId: number, row: CandidateRow | null, now: Date): Promise<PlanInForce> {
      if (!row || row.erased || row.plan === undefined) return inForce(await load(userId), now);
      return inForce({ plan: row.plan, planExpiresAt: row.planExpiresAt ?? null }, now);
    },
    async membership(actor: Actor): Promise<MembershipView> {
      return view(await load(signedInActor(actor)), deps.clock());
    },
    async choosePlan(actor: Actor, input: { plan: PlanId; billing: Billing | null }): Promise<MembershipView> {
      const result = await decide(actor, (userId, now) => ({ type: 'ChoosePlan', userId, plan: input.plan, billing: input.billing, now }));
      // Read-your-writes: the next swipe reads the plan from the candidate row (`planInForceOf`).
      await deps.projection.waitFor(result.lastGlobalPosition);
      return view(result.state, result.now);
    },
    /** The deck showed these likers first: their priority is spent (read-your-writes before the answer). */
    async notePriorityLikesShown(actor: Actor, likerIds: number[]): Promise<void> {
      const result = await decide(actor, (userId, now) => ({ type: 'NotePriorityLikesShown', userId, likerIds, now }));
      await deps.projection.waitFor(result.lastGlobalPosition);
    },
    /** The first deck read of the person's quota night (once a night): they are awake tonight. */
    async noteDeckOpened(actor: Actor, night: string): Promise<void> {
      await decide(actor, (userId, now) => ({ type: 'OpenDeck', userId, night, now }));
    },
    async filters(actor: Actor): Promise<DeckFilters> {
      return (await load(signedInActor(actor))).filters;
    },
    async setFilters(actor: Actor, filters: DeckFilters): Promise<DeckFilters> {
      const result = await decide(actor, (userId, now) => ({ type: 'SetFilters', userId, filters, now }));
      return result.state.filters;
    },
  };
}
export type MemberApplication = ReturnType<typeof createMemberApplication>;
