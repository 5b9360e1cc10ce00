import { isLikeKind, SwipeEvents, Topics } from '@nocturne/contracts';
import type { BusConsumer } from '@nocturne/platform/ports';
import { consumeIntegrationEvents, keyValueDeduper, on } from '@nocturne/platform/relay';
import { GatewayError } from './gatewayClient';
import type { OwlConsumerOptions } from './owlSessions';
import type { OwlProfile } from './owlProfiles';

export const LIKE_BACK_GROUP = 'night-owls';

export type LikeBackOptions = OwlConsumerOptions;

/**
 * The owls who like back: on every like (or super-like) of such an owl on `swipe.swipes`, the owl likes
 * that person back through the API, signed in as itself, and the swipe service makes the match as it
 * would for any two people. Refusals (the person left, the window is closed for the owl) are the app's
 * answer and are only logged; anything else is retried by the bus.
 */
export function startLikeBack(options: LikeBackOptions): Promise<BusConsumer> {
  const { logger } = options;
  const likeBack = async (owlId: number, owl: OwlProfile, personId: number) => {
    for (let attempt = 1; ; attempt++) {
      const client = await options.sessions.of(owlId, owl);
      try {
        const answer = await client.swipe({ swiperId: owlId, swipedId: personId, isLike: true });
        logger.info({ owl: owlId, person: personId, isMatch: answer.isMatch }, 'a demo night owl liked back');
        return;
      } catch (error) {
        // The session ended (a restart of the gateway's sessions): sign in again, once.
        if (error instanceof GatewayError && error.status === 401 && attempt === 1) continue;
        if (error instanceof GatewayError && error.status >= 400 && error.status < 500) {
          logger.info({ owl: owlId, person: personId, status: error.status, code: error.body?.code }, 'a demo night owl could not like back');
          return;
        }
        throw error;
      }
    }
  };

  return consumeIntegrationEvents({
    bus: options.bus,
    group: LIKE_BACK_GROUP,
    topics: [Topics.swipes],
    publishedPersonalData: options.publishedPersonalData,
    deduper: keyValueDeduper(options.kv, { namespace: LIKE_BACK_GROUP }),
    logger,
    handlers: [
      on(SwipeEvents.SwipeRecorded, async (data) => {
        if (!isLikeKind(data.kind) || options.owls.has(data.swiperId)) return;
        const owl = options.owls.get(data.swipedId);
        if (owl?.likesBack) await likeBack(data.swipedId, owl, data.swiperId);
      }),
    ],
  });
}
