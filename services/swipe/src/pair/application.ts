import { SwipeMessages } from '@nocturne/contracts';
import { invalidInput, RuleViolation } from '@nocturne/platform/domain';
import { actorCommandContext, causedBy, handleCommand, signedInActor, type Actor, type EventSource } from '@nocturne/platform/kit';
import { type SwipeDependencies } from '../dependencies';
import { pairDecider } from './businessLogic';
import { pairStreamId } from './pair';
import { blockedEitherWay, type MatchRow } from '../projections/readModels';
import { NIGHT_OWL_DEFAULT, NIGHT_OWL_WINDOW_MS, nightOwlScore } from '../night/nightOwl';

export interface MatchView {
  id: number;
  user1Id: number;
  user2Id: number;
  createdAt: string;
  /** The person on the other side, for the viewer. */
  otherUserId: number;
  /** The other person super-liked the viewer on the way. */
  superLikedYou: boolean;
}

const viewFor = (viewerId: number, row: MatchRow): MatchView => {
  const [user1Id, user2Id] = row.userIds;
  return { id: row.matchId, user1Id, user2Id, createdAt: row.createdAt, otherUserId: user1Id === viewerId ? user2Id : user1Id, superLikedYou: row.superLikedBy.some((id) => id !== viewerId) };
};

/** What two people have together: their match (only the two of them see it), unmatch and block, and the counts shown on a profile. */
export function createPairApplication(deps: SwipeDependencies) {
  const { collections } = deps;
  return {
    /** The viewer's matches, newest first. `userId`, where a REST path names one, must be the viewer. */
    async matches(actor: Actor, userId?: number): Promise<MatchView[]> {
      const viewerId = signedInActor(actor);
      if (userId !== undefined && userId !== viewerId) throw new RuleViolation('FORBIDDEN', 'You can only see your own matches');
      const rows = await collections.matches.find({ userIds: viewerId, endedAt: null, erased: { $ne: true } }, { sort: { createdAt: -1 } });
      return rows.map((row) => viewFor(viewerId, row));
    },

    /** One of the viewer's matches that is on. Someone else's answers as an unknown one: a match id tells a stranger nothing. */
    async match(actor: Actor, matchId: number): Promise<MatchView> {
      const viewerId = signedInActor(actor);
      const row = await collections.matches.get(String(matchId));
      if (!row || row.erased || row.endedAt !== null || !row.userIds.includes(viewerId)) throw new RuleViolation('NOT_FOUND', SwipeMessages.matchNotFound);
      return viewFor(viewerId, row);
    },

    /** Ends one of the viewer's matches; the other person sees it gone too. */
    async unmatch(actor: Actor, matchId: number): Promise<void> {
      const viewer = await this.match(actor, matchId);
      const now = deps.clock();
      const result = await handleCommand({
        eventStore: deps.eventStore,
        streamId: pairStreamId(viewer.user1Id, viewer.user2Id),
        decider: pairDecider,
        command: { type: 'Unmatch', by: signedInActor(actor), other: viewer.otherUserId, now },
        context: actorCommandContext(deps.newId, now, actor),
      });
      await deps.projection.waitFor(result.lastGlobalPosition);
    },

    /** A match faded at dawn (the chat context's dawn rule): it leaves both people's matches, as an unmatch does. */
    async fade(faded: { matchId: number; userIds: [number, number]; fadedAt: string }, source: EventSource): Promise<void> {
      const [a, b] = faded.userIds;
      const result = await handleCommand({
        eventStore: deps.eventStore,
        streamId: pairStreamId(a, b),
        decider: pairDecider,
        command: { type: 'Fade', ...faded },
        context: { now: deps.clock(), newEventId: deps.newId, metadata: causedBy(source) },
      });
      await deps.projection.waitFor(result.lastGlobalPosition);
    },

    /** Hides the two people from each other everywhere, for good, and ends their match. */
    async block(actor: Actor, userId: number): Promise<void> {
      const blockerId = signedInActor(actor);
      if (userId === blockerId) throw invalidInput('userId', SwipeMessages.blockSelf);
      const target = await collections.candidates.get(String(userId));
      if (!target || target.erased) throw new RuleViolation('NOT_FOUND', SwipeMessages.unknownPerson);
      const now = deps.clock();
      const result = await handleCommand({
        eventStore: deps.eventStore,
        streamId: pairStreamId(blockerId, userId),
        decider: pairDecider,
        command: { type: 'Block', by: blockerId, other: userId, now },
        context: actorCommandContext(deps.newId, now, actor),
      });
      await deps.projection.waitFor(result.lastGlobalPosition);
    },

    /** Whether `viewerId` may see `subjectId` at all: a live person (never an erased or unknown one), neither of whom blocked the other. */
    async mayView(viewerId: number, subjectId: number): Promise<boolean> {
      if (viewerId === subjectId) return true;
      const subject = await collections.candidates.get(String(subjectId));
      if (!subject || subject.erased) return false;
      return !(await blockedEitherWay(collections, viewerId, subjectId));
    },

    /** Likes received and matches, for the profile's stats. */
    async stats(userId: number): Promise<{ likes: number; matches: number }> {
      const [likes, matches] = await Promise.all([
        collections.swipes.count({ swipedId: userId, kind: { $in: ['like', 'superlike'] } }),
        collections.matches.count({ userIds: userId, endedAt: null, erased: { $ne: true } }),
      ]);
      return { likes, matches };
    },

    /**
     * Anyone signed in sees the score of anyone they may see (it is on every card); nobody signed out does.
     * Whoever the viewer may not see (erased, unknown, blocked either way) has the score of a person with
     * no activity, which tells none of them apart, whichever way the query came (a card, a match, `_entities`).
     */
    async nightOwlScore(actor: Actor, userId: number): Promise<number> {
      const viewerId = signedInActor(actor);
      if (!(await this.mayView(viewerId, userId))) return NIGHT_OWL_DEFAULT;
      const since = new Date(deps.clock().getTime() - NIGHT_OWL_WINDOW_MS).toISOString();
      return nightOwlScore(await collections.activity.find({ userId, hour: { $gte: since } }));
    },

  };
}
export type PairApplication = ReturnType<typeof createPairApplication>;
