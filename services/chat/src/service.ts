import { randomUUID } from 'node:crypto';
import { Topics } from '@nocturne/contracts';
import { createSubgraphServer } from '@nocturne/platform/http';
import { createProjection, createServiceLifecycle, LiveChannels, readServiceSchema, type ServiceDefinition, type ServiceDependencies, type ServiceInstance } from '@nocturne/platform/kit';
import { RateLimiter } from '@nocturne/platform/limits';
import { protectPersonalData } from '@nocturne/platform/privacy';
import { createPeopleApplication } from './chatter/application';
import { createConversationApplication } from './conversation/application';
import { chatPersonalData } from './conversation/personalData';
import type { ChatDependencies } from './dependencies';
import { chatEnvironmentSchema, CHAT_DEFAULT_PORT, type ChatEnvironment } from './environment';
import { chatResolvers, type ChatContext } from './graphql/resolvers';
import { consumeOtherContexts } from './integration/consumers';
import { toIntegrationEvent } from './integration/integrationEvents';
import { createPresence } from './live/presence';
import { chatCollections, createChatProjector } from './projections/readModels';
import { createReportApplication } from './report/application';
import { chatRoutes } from './rest/routes';

export const chatTypeDefs = readServiceSchema(__dirname);

export function createChatService({ adapters, settings, logger, clock = () => new Date() }: ServiceDependencies<ChatEnvironment>): ServiceInstance {
  const eventStore = protectPersonalData(adapters.eventStore, adapters.personalData, chatPersonalData);
  const collections = chatCollections(adapters.readModels);
  const projection = createProjection({ name: 'chat-read-models', eventStore, checkpoints: adapters.projectionCheckpoints, apply: createChatProjector(collections), logger });
  // Live updates cross instances through the key-value store's pub/sub (Redis; in process embedded).
  const live = new LiveChannels(adapters.kv, { logger });
  const deps: ChatDependencies = { eventStore, personalData: adapters.personalData, collections, projection, live, rateLimiter: new RateLimiter(adapters.kv, 'chat:rate:'), clock, newId: randomUUID, logger };
  const presence = createPresence({ kv: adapters.kv, live, clock });
  const conversations = createConversationApplication({ ...deps, sendsPerMinute: settings.CHAT_SENDS_PER_MINUTE }, presence);
  const people = createPeopleApplication(deps, presence);
  const reports = createReportApplication(deps);

  const server = createSubgraphServer<ChatContext>({
    name: 'chat',
    typeDefs: chatTypeDefs,
    resolvers: chatResolvers,
    port: settings.CHAT_PORT,
    host: settings.CHAT_HOST,
    internalSecret: settings.INTERNAL_SECRET,
    logger,
    settleWrites: (written) => lifecycle.settle(written),
    buildContext: (base) => ({ ...base, conversations, people, reports }),
    readinessChecks: {
      ...adapters.dependencies,
      readModels: () => projection.caughtUp(),
      contextsConsumer: () => lifecycle.consumersStarted(),
      outboxRelay: () => lifecycle.relayStarted(),
    },
  });

  const lifecycle = createServiceLifecycle({
    readYourWrites: { kv: adapters.kv },
    server,
    logger,
    projections: [projection],
    // Streams still open end once the server opens no new ones; their clean-up (presence) runs while the store is connected.
    writers: [{ stop: () => live.close() }],
    relay: { store: eventStore, bus: adapters.bus, topic: Topics.chat, checkpoint: adapters.checkpoints, toIntegrationEvent, publishedPersonalData: adapters.publishedPersonalData, logger, lease: { kv: adapters.kv } },
    consumers: [(readYourWrites) => consumeOtherContexts({ bus: adapters.bus, kv: adapters.kv, publishedPersonalData: adapters.publishedPersonalData, people, logger, readYourWrites })],
  });
  return lifecycle;
}

export const chatService: ServiceDefinition<ChatEnvironment> = {
  name: 'chat',
  defaultPort: CHAT_DEFAULT_PORT,
  environment: chatEnvironmentSchema,
  create: createChatService,
  typeDefs: chatTypeDefs,
  restRoutes: chatRoutes,
  productCounters: [{ counter: 'messages', eventType: 'MessageSent' }],
};
