import { randomUUID } from 'node:crypto';
import { Topics } from '@nocturne/contracts';
import { createSubgraphServer } from '@nocturne/platform/http';
import { createProjection, createServiceLifecycle, readServiceSchema, SerialNumbers, type ServiceDefinition, type ServiceDependencies, type ServiceInstance } from '@nocturne/platform/kit';
import { RateLimiter } from '@nocturne/platform/limits';
import { protectPersonalData } from '@nocturne/platform/privacy';
import { createCandidateApplication } from './candidate/application';
import { swipePersonalData } from './candidate/personalData';
import { createDeckApplication } from './deck/application';
import { createCrawlLimiter } from './deck/crawlLimits';
import type { SwipeDependencies } from './dependencies';
import { swipeEnvironmentSchema, SWIPE_DEFAULT_PORT, type SwipeEnvironment } from './environment';
import { swipeResolvers, type SwipeContext } from './graphql/resolvers';
import { consumePeopleEvents } from './integration/consumers';
import { toIntegrationEvent } from './integration/integrationEvents';
import { createMemberApplication } from './member/application';
import { nightStreamId } from './night/night';
import { createMatchesApplication } from './pair/application';
import { createSwipeProjector, swipeCollections } from './projections/readModels';
import { createSwipingApplication } from './swiping/application';
import type { NightEvent } from './night/night';
import { swipeRoutes } from './rest/routes';

export const swipeTypeDefs = readServiceSchema(__dirname);

const MATCH_ID_STREAM = 'match-ids';

export function createSwipeService({ adapters, settings, logger, clock = () => new Date() }: ServiceDependencies<SwipeEnvironment>): ServiceInstance {
  // Everything reads and writes events through this boundary: personal fields are stored encrypted.
  const eventStore = protectPersonalData(adapters.eventStore, adapters.personalData, swipePersonalData);
  const collections = swipeCollections(adapters.readModels);
  const projection = createProjection({ name: 'swipe-read-models', eventStore, checkpoints: adapters.projectionCheckpoints, apply: createSwipeProjector(collections), logger });
  const deps: SwipeDependencies = { eventStore, personalData: adapters.personalData, collections, projection, matchIds: new SerialNumbers(eventStore, MATCH_ID_STREAM), clock, newId: randomUUID, windowMode: settings.SWIPE_WINDOW, logger };
  const members = createMemberApplication(deps);
  const swiping = createSwipingApplication(deps, members);
  const crawl = createCrawlLimiter(new RateLimiter(adapters.kv, 'swipe:rate:'), { deckReadsPerMinute: settings.SWIPE_DECK_READS_PER_MINUTE, passesPerMinute: settings.SWIPE_PASSES_PER_MINUTE });
  const deck = createDeckApplication(deps, members, crawl);
  const matches = createMatchesApplication(deps);
  const candidates = createCandidateApplication(deps);

  // A swipe recorded in its night but not yet in its pair (the process died in between) is finished
  // here; for the others this finds the swipe registered and writes nothing.
  const pairCatchUp = createProjection({
    name: 'swipe-pairs',
    eventStore,
    checkpoints: adapters.checkpoints,
    logger,
    apply: async (stored) => {
      if (stored.type !== 'SwipeRecorded' || !stored.streamId.startsWith('night-')) return;
      const { swipeId, swiperId, swipedId, kind, swipedAt } = (stored as typeof stored & NightEvent).data;
      if (stored.streamId !== nightStreamId(swiperId, (stored as typeof stored & NightEvent).data.night)) return;
      await swiping.registerInPair({ swipeId, from: swiperId, to: swipedId, kind, now: new Date(swipedAt) }, { now: new Date(swipedAt), newEventId: randomUUID, metadata: { causationId: stored.id } });
    },
  });

  const server = createSubgraphServer<SwipeContext>({
    name: 'swipe',
    typeDefs: swipeTypeDefs,
    resolvers: swipeResolvers,
    port: settings.SWIPE_PORT,
    host: settings.SWIPE_HOST,
    internalSecret: settings.INTERNAL_SECRET,
    logger,
    settleWrites: (written) => lifecycle.settle(written),
    buildContext: (base) => ({ ...base, members, swiping, deck, matches, crawl }),
    readinessChecks: {
      ...adapters.dependencies,
      readModels: () => projection.caughtUp(),
      peopleEventsConsumer: () => lifecycle.consumersStarted(),
      outboxRelay: () => lifecycle.relayStarted(),
    },
  });

  const lifecycle = createServiceLifecycle({
    readYourWrites: { kv: adapters.kv },
    server,
    logger,
    projections: [projection],
    // A writer: it stops before the relay, so what it still writes goes out in the relay's final flush.
    writers: [pairCatchUp],
    // Instances share the store: the lease has one of them publish (docker compose --scale swipe=3).
    relay: { store: eventStore, bus: adapters.bus, topic: Topics.swipe, checkpoint: adapters.checkpoints, toIntegrationEvent, publishedPersonalData: adapters.publishedPersonalData, logger, lease: { kv: adapters.kv } },
    consumers: [(readYourWrites) => consumePeopleEvents({ bus: adapters.bus, kv: adapters.kv, publishedPersonalData: adapters.publishedPersonalData, candidates, logger, readYourWrites })],
  });
  return lifecycle;
}

export const swipeService: ServiceDefinition<SwipeEnvironment> = {
  name: 'swipe',
  defaultPort: SWIPE_DEFAULT_PORT,
  environment: swipeEnvironmentSchema,
  create: createSwipeService,
  typeDefs: swipeTypeDefs,
  restRoutes: swipeRoutes,
  productCounters: [
    // A swipe is stored in its night, then repeated in its pair (PairSwiped): counted once, in the night.
    { counter: 'swipes', eventType: 'SwipeRecorded', streamPrefix: 'night-', kindOf: (data) => (data as { kind?: string }).kind },
    { counter: 'matches', eventType: 'MatchCreated' },
  ],
};
