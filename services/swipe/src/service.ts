import { randomUUID } from 'node:crypto';
import { Topics } from '@nocturne/contracts';
import { createProjection, defineService, LiveChannels, readServiceSchema, SerialNumbers } from '@nocturne/platform/kit';
import { RateLimiter } from '@nocturne/platform/limits';
import { protectPersonalData } from '@nocturne/platform/privacy';
import { createCandidateApplication } from './candidate/application';
import { swipePersonalData } from './candidate/personalData';
import { defaultSwipeConfig, type SwipeConfig } from './config';
import { createDeckApplication } from './deck/application';
import { createBoostViews } from './deck/boostViews';
import { createCrawlLimiter } from './deck/crawlLimits';
import { createLiveLikes } from './deck/liveLikes';
import type { SwipeDependencies } from './dependencies';
import { swipeEnvironmentSchema, toSwipeConfig } from './environment';
import { swipeResolvers, type SwipeContext } from './graphql/resolvers';
import { chatContextConsumer, otherContextsConsumer } from './integration/consumers';
import { toIntegrationEvent } from './integration/integrationEvents';
import { createMemberApplication } from './member/application';
import { createMoonBoosts } from './member/moonBoosts';
import { createNightApplication } from './night/application';
import { createPairApplication } from './pair/application';
import { createReportApplication } from './report/application';
import { createSwipeProjector, SWIPE_READ_MODELS_REVISION, swipeCollections } from './projections/readModels';
import { swipeRoutes } from './rest/routes';

export const swipeTypeDefs = readServiceSchema(__dirname);

const MATCH_ID_STREAM = 'match-ids';

export const swipeService = defineService<SwipeConfig, SwipeContext>({
  name: 'swipe',
  defaultPort: defaultSwipeConfig.port,
  environment: swipeEnvironmentSchema.transform(toSwipeConfig),
  typeDefs: swipeTypeDefs,
  resolvers: swipeResolvers,
  restRoutes: swipeRoutes,
  productCounters: [
    // A swipe is stored in its night, then repeated in its pair (PairSwiped): counted once, in the night.
    { counter: 'swipes', eventType: 'SwipeRecorded', streamPrefix: 'night-', kindOf: (data) => (data as { kind?: string }).kind },
    { counter: 'matches', eventType: 'MatchCreated' },
  ],
  parts: ({ adapters, config, logger, clock }) => {
    // Everything reads and writes events through this boundary: personal fields are stored encrypted.
    const eventStore = protectPersonalData(adapters.eventStore, adapters.personalData, swipePersonalData);
    const collections = swipeCollections(adapters.readModels);
    const projection = createProjection({ name: 'swipe-read-models', revision: SWIPE_READ_MODELS_REVISION, eventStore, checkpoints: adapters.projectionCheckpoints, apply: createSwipeProjector(collections), logger });
    const rateLimiter = new RateLimiter(adapters.kv, 'swipe:rate:');
    const deps: SwipeDependencies = { eventStore, personalData: adapters.personalData, collections, projection, matchIds: new SerialNumbers(eventStore, MATCH_ID_STREAM), rateLimiter, clock, newId: randomUUID, windowMode: config.windowMode, logger };
    const members = createMemberApplication(deps);
    // Likes are heard live across instances through the key-value store's pub/sub, as chat's streams are.
    const live = new LiveChannels(adapters.kv, { logger });
    const likes = createLiveLikes({ ...deps, live }, members);
    const nights = createNightApplication(deps, members, likes);
    const crawl = createCrawlLimiter(rateLimiter, { deckReadsPerMinute: config.deckReadsPerMinute, passesPerMinute: config.passesPerMinute });
    const boostViews = createBoostViews(adapters.kv);
    const deck = createDeckApplication(deps, members, crawl, boostViews);
    const moonBoosts = createMoonBoosts(deps, members, boostViews);
    const pairs = createPairApplication(deps);
    const candidates = createCandidateApplication(deps);
    const reports = createReportApplication(deps);

    return {
      context: (base) => ({ ...base, members, moonBoosts, nights, deck, pairs, reports, crawl, likes }),
      projections: [projection],
      writers: [{ stop: () => live.close() }],
      // Instances share the store: the lease has one of them publish (docker compose --scale swipe=3).
      relay: { store: eventStore, topic: Topics.swipe, toIntegrationEvent, leased: true },
      consumers: [otherContextsConsumer(candidates), chatContextConsumer(pairs)],
    };
  },
});
