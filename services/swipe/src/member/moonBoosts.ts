import { signedInActor, type Actor } from '@nocturne/platform/kit';
import type { BoostViews } from '../deck/boostViews';
import { type SwipeDependencies } from '../dependencies';
import type { MemberApplication } from './application';
import { boostAllowance, runningBoost } from './businessLogic';
import type { Member } from './member';

export interface MoonBoostView {
  /** The boost running now, if any. */
  active: { startedAt: string; endsAt: string } | null;
  /** Boosts of the plan per period (0: the plan has none), and how many are left in this one. */
  allowance: number;
  left: number;
  /** When the period's allowance renews; null without boosts. */
  renewsAt: string | null;
  /** The latest boost that has ended, and how many people saw the card while it ran. */
  last: { startedAt: string; endsAt: string; viewers: number } | null;
}

/** Moon-Boost (Plus: 1 a week, Max: 5 a month): 30 minutes first in nearby decks, counted per allowance period. */
export function createMoonBoosts(deps: SwipeDependencies, members: MemberApplication, views: BoostViews) {
  const viewOf = async (member: Member, now: Date): Promise<MoonBoostView> => {
    const running = runningBoost(member, now);
    const ended = [...member.boosts].reverse().find((boost) => Date.parse(boost.endsAt) <= now.getTime());
    const { count, left, renewsAt } = boostAllowance(member, now);
    return {
      active: running && { startedAt: running.startedAt, endsAt: running.endsAt },
      allowance: count,
      left,
      renewsAt,
      last: ended ? { startedAt: ended.startedAt, endsAt: ended.endsAt, viewers: await views.count(ended.boostId) } : null,
    };
  };

  return {
    async view(actor: Actor): Promise<MoonBoostView> {
      return viewOf(await members.load(signedInActor(actor)), deps.clock());
    },
    /** Without the plan or with the period's boosts spent: LIMIT_REACHED `night-boost`; one running: CONFLICT. */
    async start(actor: Actor): Promise<MoonBoostView> {
      const result = await members.decide(actor, (userId, now) => ({ type: 'StartMoonBoost', userId, boostId: deps.newId(), now }));
      // Read-your-writes: the card is first in nearby decks before the answer.
      await deps.projection.waitFor(result.lastGlobalPosition);
      return viewOf(result.state, result.now);
    },
  };
}
export type MoonBoosts = ReturnType<typeof createMoonBoosts>;
