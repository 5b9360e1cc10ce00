import { signedInActor, type Actor, type LiveChannels, type LiveStream } from '@nocturne/platform/kit';
import type { SwipeDependencies } from '../dependencies';
import type { MemberApplication } from '../member/application';
import { blockedEitherWay, type CandidateRow } from '../projections/readModels';

/** One person's live likes: only their own subscriptions listen on it. */
export const likesChannel = (userId: number) => `swipe:likes:${userId}`;

/** What a liked person hears: who and how on plans that show likers; on the free plan only that a like happened. */
export type LiveLike = { visible: true; like: { userId: number; superLike: boolean; likedAt: string } } | { visible: false; like: null };

/**
 * The live side of "who liked you". The payload is decided when the like is announced, from the liked
 * person's plan, so the free plan's message carries nothing of the liker at all (no id to ask about).
 * A like that makes a match is not announced here: both hear chat's `matchCreated`.
 */
export function createLiveLikes(deps: Pick<SwipeDependencies, 'collections' | 'clock' | 'logger'> & { live: LiveChannels }, members: Pick<MemberApplication, 'planInForceOf'>) {
  const { collections, live } = deps;

  return {
    /** Best effort after the like is stored: a lost announcement costs a notification, never the like. `likedRow`: the liked person's candidate row, as the swipe read it. */
    async announce(like: { likerId: number; likedId: number; likedRow: CandidateRow | null; superLike: boolean; likedAt: Date }): Promise<void> {
      try {
        // The swipe refused blocked people already; a block that landed while it ran is checked here.
        if (await blockedEitherWay(collections, like.likerId, like.likedId)) return;
        const { allowance } = await members.planInForceOf(like.likedId, like.likedRow, deps.clock());
        const message: LiveLike = allowance.seeLikes ? { visible: true, like: { userId: like.likerId, superLike: like.superLike, likedAt: like.likedAt.toISOString() } } : { visible: false, like: null };
        await live.publish(likesChannel(like.likedId), message);
      } catch (error) {
        deps.logger.warn({ err: error }, 'a like could not be announced live; it shows in the Lobby');
      }
    },

    /** The signed-in person's likes as they come; it ends with the socket (the gateway closes it with the session). */
    stream(actor: Actor): Promise<LiveStream<LiveLike>> {
      return live.listen<LiveLike>([likesChannel(signedInActor(actor))]);
    },
  };
}
export type LiveLikes = ReturnType<typeof createLiveLikes>;
