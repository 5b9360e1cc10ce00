import { SwipeMessages } from '@nocturne/contracts';
import { RuleViolation } from '@nocturne/platform';
import { signedIn, type Actor, type SwipeDependencies } from '../dependencies';
import type { MatchRow } from '../projections/readModels';
import { NIGHT_OWL_WINDOW_MS, nightOwlScore } from '../swiping/nightOwl';

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

/** Matches and the counts shown on a profile. Only the two people of a match see it. */
export function createMatchesApplication(deps: SwipeDependencies) {
  const { collections } = deps;
  return {
    /** The viewer's matches, newest first. `userId`, where a REST path names one, must be the viewer. */
    async matches(actor: Actor, userId?: number): Promise<MatchView[]> {
      const viewerId = signedIn(actor);
      if (userId !== undefined && userId !== viewerId) throw new RuleViolation('FORBIDDEN', 'You can only see your own matches');
      const rows = await collections.matches.find({ userIds: viewerId, endedAt: null, erased: { $ne: true } }, { sort: { createdAt: -1 } });
      return rows.map((row) => viewFor(viewerId, row));
    },

    async match(actor: Actor, matchId: number): Promise<MatchView> {
      const viewerId = signedIn(actor);
      const row = await collections.matches.get(String(matchId));
      if (!row || row.erased || row.endedAt !== null) throw new RuleViolation('NOT_FOUND', SwipeMessages.matchNotFound);
      if (!row.userIds.includes(viewerId)) throw new RuleViolation('FORBIDDEN', 'This match is not yours');
      return viewFor(viewerId, row);
    },

    /** Likes received and matches, for the profile's stats. */
    async stats(userId: number): Promise<{ likes: number; matches: number }> {
      const [likes, matches] = await Promise.all([
        collections.swipes.count({ swipedId: userId, kind: { $in: ['like', 'superlike'] } }),
        collections.matches.count({ userIds: userId, endedAt: null, erased: { $ne: true } }),
      ]);
      return { likes, matches };
    },

    /** Anyone signed in sees anyone's score (it is on every card); nobody signed out does. */
    async nightOwlScore(actor: Actor, userId: number): Promise<number> {
      signedIn(actor);
      const since = new Date(deps.clock().getTime() - NIGHT_OWL_WINDOW_MS).toISOString();
      return nightOwlScore(await collections.activity.find({ userId, hour: { $gte: since } }));
    },

  };
}
export type MatchesApplication = ReturnType<typeof createMatchesApplication>;
