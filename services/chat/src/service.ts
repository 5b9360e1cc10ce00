import { randomUUID } from 'node:crypto';
import { Topics } from '@nocturne/contracts';
import { createDueWorkRunner, createProjection, defineService, LiveChannels, readServiceSchema } from '@nocturne/platform/kit';
import { RateLimiter } from '@nocturne/platform/limits';
import { protectPersonalData } from '@nocturne/platform/privacy';
import { createChatterApplication } from './chatter/application';
import { defaultChatConfig, type ChatConfig } from './config';
import { createConversationApplication } from './conversation/application';
import { dawnRuleWork } from './conversation/fading';
import { chatPersonalData } from './conversation/personalData';
import type { ChatDependencies } from './dependencies';
import { chatEnvironmentSchema, toChatConfig } from './environment';
import { chatResolvers, type ChatContext } from './graphql/resolvers';
import { otherContextsConsumer } from './integration/consumers';
import { toIntegrationEvent } from './integration/integrationEvents';
import { createPresence } from './live/presence';
import { chatCollections, createChatProjector } from './projections/readModels';
import { createReportApplication } from './report/application';
import { createSupportApplication } from './support/application';
import { chatRoutes } from './rest/routes';

export const chatTypeDefs = readServiceSchema(__dirname);

export const chatService = defineService<ChatConfig, ChatContext>({
  name: 'chat',
  defaultPort: defaultChatConfig.port,
  environment: chatEnvironmentSchema.transform(toChatConfig),
  typeDefs: chatTypeDefs,
  resolvers: chatResolvers,
  restRoutes: chatRoutes,
  productCounters: [{ counter: 'messages', eventType: 'MessageSent' }],
  parts: ({ adapters, config, logger, clock }) => {
    // Everything reads and writes events through this boundary: personal fields are stored encrypted.
    const eventStore = protectPersonalData(adapters.eventStore, adapters.personalData, chatPersonalData);
    const collections = chatCollections(adapters.readModels);
    const projection = createProjection({ name: 'chat-read-models', eventStore, checkpoints: adapters.projectionCheckpoints, apply: createChatProjector(collections), logger });
    // Live updates cross instances through the key-value store's pub/sub (Redis; in process embedded).
    const live = new LiveChannels(adapters.kv, { logger });
    const deps: ChatDependencies = { eventStore, personalData: adapters.personalData, collections, projection, live, rateLimiter: new RateLimiter(adapters.kv, 'chat:rate:'), clock, newId: randomUUID, logger };
    const presence = createPresence({ kv: adapters.kv, live, clock });
    const conversations = createConversationApplication({ ...deps, sendsPerMinute: config.sendsPerMinute }, presence);
    const chatters = createChatterApplication(deps, presence);
    const reports = createReportApplication(deps);
    // Matches in which nobody wrote fade at their dawn; the deadlines live in the read model, so a restart loses none.
    const dawnRule = createDueWorkRunner(dawnRuleWork(deps), { clock, everyMs: config.dawnRoundMs, logger });
    const support = createSupportApplication(deps);

    return {
      context: (base) => ({ ...base, conversations, reports, support }),
      projections: [projection],
      // Streams still open end once the server opens no new ones; their clean-up (presence) runs while the store is connected.
      writers: [{ stop: () => live.close() }, dawnRule],
      relay: { store: eventStore, topic: Topics.chat, toIntegrationEvent, leased: true },
      consumers: [otherContextsConsumer(chatters, reports)],
    };
  },
});
