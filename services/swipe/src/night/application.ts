import { isLikeKind, isSwipeWindowOpen, nextWindowOpening, NO_ZONE_YET, PASS_UNDO_MS, quotaNight, SwipeMessages, zoneScheduleAt, type PlanId, type SwipeKind, type ZoneSchedule } from '@nocturne/contracts';
import { invalidInput, RuleViolation } from '@nocturne/platform/domain';
import { actorCommandContext, handleCommand, handleCommandsTogether, loadStream, signedInActor, type Actor } from '@nocturne/platform/kit';
import { type SwipeDependencies } from '../dependencies';
import type { LiveLikes } from '../deck/liveLikes';
import type { MemberApplication } from '../member/application';
import type { MatchView } from '../pair/application';
import { nightDecider } from './businessLogic';
import { nightStreamId, type Night } from './night';
import { pairDecider, wouldMatch, type RegisterSwipe } from '../pair/businessLogic';
import { pairStreamId, type Pair } from '../pair/pair';
import { blockedEitherWay, zoneScheduleOfRow, type CandidateRow } from '../projections/readModels';
import { admits } from '../deck/deck';

export interface QuotaView {
  plan: PlanId;
  /** The quota night, the local date of the last 8:00 PM. */
  night: string;
  likesPerNight: number | null;
  likesUsed: number;
  likesRemaining: number | null;
  superLikesPerNight: number;
  superLikesUsed: number;
  /** The next 8:00 PM on the person's clock, when the counts start again. */
  resetsAt: string;
}

export interface SwipeOutcome {
  isMatch: boolean;
  /** The match of the pair, when the swipe was a like and the two are matched. */
  match: MatchView | null;
  quota: QuotaView;
}

/**
 * A swipe touches two streams: the swiper's night (quotas, the window) and the pair (the match). The
 * night decides first, so a refused swipe changes nothing; the pair registers what the night recorded,
 * and both are stored in one write (`handleCommandsTogether`): a swipe is in both or in neither.
 */
export function createNightApplication(deps: SwipeDependencies, members: MemberApplication, likes: Pick<LiveLikes, 'announce'>) {
  const { eventStore, collections } = deps;

  /** The person's zones as they stand now: the zone in force (UTC before any) and a change still waiting. */
  const zonesOfRow = (row: CandidateRow | null, now: Date): { timeZone: string; next: ZoneSchedule['next'] } => {
    const zones = zoneScheduleAt(row ? zoneScheduleOfRow(row) : NO_ZONE_YET, now);
    return { timeZone: zones.zone ?? 'UTC', next: zones.next };
  };
  const zonesOf = async (userId: number, now: Date) => zonesOfRow(await collections.candidates.get(String(userId)), now);
  const timeZoneOf = async (userId: number, now: Date) => (await zonesOf(userId, now)).timeZone;

  const quotaView = (night: Night, nightKey: string, plan: { plan: PlanId; allowance: { likesPerNight: number | null; superLikesPerNight: number } }, now: Date, timeZone: string): QuotaView => ({
    plan: plan.plan,
    night: nightKey,
    likesPerNight: plan.allowance.likesPerNight,
    likesUsed: night.likes,
    likesRemaining: plan.allowance.likesPerNight === null ? null : Math.max(0, plan.allowance.likesPerNight - night.likes),
    superLikesPerNight: plan.allowance.superLikesPerNight,
    superLikesUsed: night.superLikes,
    resetsAt: nextWindowOpening(now, timeZone).toISOString(),
  });

  return {
    async swipe(actor: Actor, input: { swipedId: number; kind: SwipeKind }): Promise<SwipeOutcome> {
      const swiperId = signedInActor(actor);
      const { swipedId, kind } = input;
      if (swipedId === swiperId) throw invalidInput('swipedId', SwipeMessages.self);
      const [rows, blocked] = await Promise.all([collections.candidates.getMany([String(swipedId), String(swiperId)]), blockedEitherWay(collections, swiperId, swipedId)]);
      const [target, swiper] = [rows.get(String(swipedId)) ?? null, rows.get(String(swiperId)) ?? null];
      // A blocked person is as gone as a deleted one, whichever of the two blocked.
      if (!target || target.erased || !target.onboarded || blocked) throw new RuleViolation('NOT_FOUND', SwipeMessages.unknownPerson);
      // Gender preference is mutual: someone whose preference leaves out the swiper's gender is never in
      // their deck, and cannot be liked by naming their id either.
      if (isLikeKind(kind) && !admits(target.seeks, swiper && !swiper.erased ? swiper.gender : null)) throw new RuleViolation('NOT_FOUND', SwipeMessages.unknownPerson);
      const now = deps.clock();
      // The swiper's row read above holds their zones.
      const { timeZone } = zonesOfRow(swiper, now);
      const plan = await members.planInForceOf(swiperId, swiper, now);
      const night = quotaNight(now, timeZone);
      const context = actorCommandContext(deps.newId, now, actor);
      const swipeId = deps.newId();
      const [nightStream, pairStream] = [nightStreamId(swiperId, night), pairStreamId(swiperId, swipedId)];
      const { value: { recorded, paired }, lastGlobalPosition } = await handleCommandsTogether({
        eventStore,
        streamIds: [nightStream, pairStream],
        context,
        decide: async (together) => {
          const recorded = await together.decide(nightStream, nightDecider, { type: 'RecordSwipe', swipeId, swiperId, swipedId, kind, night, now, windowOpen: isSwipeWindowOpen(now, timeZone, deps.windowMode), allowance: plan.allowance });
          if (recorded.events.length === 0) return { recorded, paired: null };
          const paired = await together.decide(pairStream, pairDecider, async (state: Pair): Promise<RegisterSwipe> => {
            const swipe = { swipeId, from: swiperId, to: swipedId, kind, now };
            // A match id is drawn only when this swipe makes the match.
            return { type: 'RegisterSwipe', ...swipe, matchId: wouldMatch(state, swipe) ? await deps.matchIds.next(context) : null };
          });
          return { recorded, paired };
        },
      });
      // The same swipe again (a retry): nothing new was recorded; answer from the pair as it stands.
      const pair = paired ? paired.state : (await loadStream(eventStore, pairStream, pairDecider)).state;
      // Read-your-writes: the match and the counts are in the read models before the answer.
      await deps.projection.waitFor(lastGlobalPosition);
      const match: MatchView | null =
        isLikeKind(kind) && pair.match
          ? {
              id: pair.match.matchId,
              user1Id: Math.min(swiperId, swipedId),
              user2Id: Math.max(swiperId, swipedId),
              createdAt: pair.match.createdAt,
              otherUserId: swipedId,
              superLikedYou: pair.superLikedBy.includes(swipedId),
            }
          : null;
      // A new like waiting for an answer is heard live by the liked person; a match is chat's `matchCreated`.
      if (recorded.events.length > 0 && isLikeKind(kind) && !pair.match) await likes.announce({ likerId: swiperId, likedId: swipedId, likedRow: target, superLike: kind === 'superlike', likedAt: now });
      return { isMatch: match !== null, match, quota: quotaView(recorded.state, night, plan, now, timeZone) };
    },

    /**
     * Takes back the swiper's last pass, on `swipedId`, within `PASS_UNDO_MS` of it (the server's clock),
     * once: a `PassUndone` in the night, so the person is in the deck again. A pass made just before 8:00 PM
     * is in the night that ended, which is asked when the new one has no swipe yet.
     */
    async undoPass(actor: Actor, swipedId: number): Promise<{ swipedId: number }> {
      const swiperId = signedInActor(actor);
      const now = deps.clock();
      const timeZone = await timeZoneOf(swiperId, now);
      let night = quotaNight(now, timeZone);
      const earlier = quotaNight(new Date(now.getTime() - PASS_UNDO_MS), timeZone);
      if (earlier !== night && (await loadStream(eventStore, nightStreamId(swiperId, night), nightDecider)).state.last === null) night = earlier;
      const undone = await handleCommand({
        eventStore,
        streamId: nightStreamId(swiperId, night),
        decider: nightDecider,
        command: { type: 'UndoPass', swiperId, swipedId, night, now },
        context: actorCommandContext(deps.newId, now, actor),
      });
      await deps.projection.waitFor(undone.lastGlobalPosition);
      return { swipedId };
    },

    async quota(actor: Actor): Promise<QuotaView> {
      const userId = signedInActor(actor);
      const now = deps.clock();
      const timeZone = await timeZoneOf(userId, now);
      const night = quotaNight(now, timeZone);
      const [plan, state] = await Promise.all([members.planInForce(userId, now), loadStream(eventStore, nightStreamId(userId, night), nightDecider)]);
      return quotaView(state.state, night, plan, now, timeZone);
    },

    async swipeWindow(actor: Actor) {
      const userId = signedInActor(actor);
      const now = deps.clock();
      const [{ timeZone, next }, plan] = await Promise.all([zonesOf(userId, now), members.planInForce(userId, now)]);
      return {
        open: isSwipeWindowOpen(now, timeZone, deps.windowMode) || plan.allowance.dayAccess,
        dayAccess: plan.allowance.dayAccess,
        mode: deps.windowMode,
        opensAt: nextWindowOpening(now, timeZone).toISOString(),
        timeZone,
        nextTimeZone: next?.zone ?? null,
        timeZoneChangesAt: next?.from ?? null,
        now: now.toISOString(),
      };
    },
  };
}
export type NightApplication = ReturnType<typeof createNightApplication>;
