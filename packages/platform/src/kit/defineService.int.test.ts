import { z } from 'zod';
import pino from 'pino';
import { createAdapters, type Adapters } from '../adapters';
import type { DomainEvent } from '../domain/decider';
import { INTERNAL_CONTEXT_HEADER, signGraphqlRequest } from '../http/internalContext';
import type { SubgraphBaseContext } from '../http/subgraphServer';
import type { EventStore } from '../ports';
import { on } from '../relay';
import { handleCommand } from './commandHandler';
import { defineService, type ServiceConfig, type ServiceParts } from './defineService';
import { createProjection } from './projection';

// A small service built the way every service is: its parts by role, the rest from the kit.
const secret = 'define-service-test-secret';
const logger = pino({ level: 'silent' });
const typeDefs = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
  type Query { made: Int, heard: Int }
  type Mutation { make: Int }
`;
type ThingMade = DomainEvent<'ThingMade', { n: number }>;
const ThingMadeV1 = { type: 'ThingMade', version: 1, schema: z.object({ n: z.number() }) };
const thingDecider = { decide: (command: { n: number }): ThingMade[] => [{ type: 'ThingMade', data: { n: command.n } }], evolve: (state: number) => state + 1, initialState: () => 0 };
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ThingsContext extends SubgraphBaseContext {
  make(): Promise<number>;
  counts: { made: number; heard: number };
}

function thingsService(options: { relay?: boolean; consumer?: boolean; waitBeforeParts?: Promise<unknown>; failedBuilds?: number; steps?: string[] } = {}) {
  const counts = { made: 0, heard: 0 };
  const steps = options.steps ?? [];
  let made = 0;
  let failedBuilds = options.failedBuilds ?? 0;
  const parts = (store: EventStore, checkpoints: Adapters['projectionCheckpoints']): ServiceParts<ThingsContext> => {
    // A slow read side: an answer that does not wait for it would read the count before the write.
    const projection = createProjection({
      name: 'things',
      eventStore: store,
      checkpoints,
      logger,
      apply: async (event) => {
        await delay(50);
        if (event.type === 'ThingMade') counts.made += 1;
      },
    });
    return {
      context: (base) => ({
        ...base,
        counts,
        make: async () => (await handleCommand({ eventStore: store, streamId: `thing-${++made}`, decider: thingDecider, command: { n: made }, context: { now: new Date(), newEventId: () => `thing-event-${made}` } })).version,
      }),
      projections: [{ ...projection, start: () => (steps.push('projection start'), projection.start()), stop: () => (steps.push('projection stop'), projection.stop()), caughtUp: () => projection.caughtUp(), waitFor: (position) => projection.waitFor(position) }],
      ...(options.relay && { relay: { store, topic: 'things.events', toIntegrationEvent: (event) => (event.type === 'ThingMade' ? { type: 'ThingMade', version: 1, aggregateId: event.streamId, data: event.data } : null) } }),
      ...(options.consumer && {
        consumers: [
          {
            group: 'things',
            topics: ['things.events'],
            dedupeNamespace: 'things-heard',
            handlers: [
              on(ThingMadeV1, async () => {
                await delay(50);
                counts.heard += 1;
              }),
            ],
          },
        ],
      }),
    };
  };
  const definition = defineService<ServiceConfig, ThingsContext>({
    name: 'things',
    defaultPort: 4999,
    environment: z.object({ INTERNAL_SECRET: z.string() }).transform((env) => ({ port: 0, host: '127.0.0.1', internalSecret: env.INTERNAL_SECRET })),
    typeDefs,
    resolvers: {
      Query: { made: (_parent, _args, context: ThingsContext) => context.counts.made, heard: (_parent, _args, context: ThingsContext) => context.counts.heard },
      Mutation: { make: (_parent, _args, context: ThingsContext) => context.make() },
    },
    parts: async ({ adapters }) => {
      steps.push('parts');
      await options.waitBeforeParts;
      if (failedBuilds-- > 0) throw new Error('secrets unavailable');
      return parts(adapters.eventStore, adapters.projectionCheckpoints);
    },
  });
  return { definition, counts };
}

async function graphql(url: string, query: string): Promise<Record<string, unknown>> {
  const body = JSON.stringify({ query });
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', [INTERNAL_CONTEXT_HEADER]: signGraphqlRequest({ ip: '203.0.113.1' }, secret, body) }, body });
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

describe('defineService', () => {
  let adapters: Adapters;
  beforeEach(async () => {
    adapters = await createAdapters({ service: 'things', env: {}, dataDir: null, logger });
  });
  afterEach(() => adapters.close());

  it('derives the readiness checks from the parts it was given, named the same in every service', async () => {
    const { definition } = thingsService({ relay: true, consumer: true });
    const service = definition.create({ adapters, config: { port: 0, host: '127.0.0.1', internalSecret: secret }, logger });
    expect(await service.readiness()).toMatchObject({ ready: false, status: 'not ready' });

    await service.start();
    expect(await service.readiness()).toEqual({ ready: true, status: 'ready', checks: { started: true, projections: true, relay: true, consumers: true } });
    await service.stop();
    expect(await service.readiness()).toMatchObject({ ready: false, checks: { started: false, relay: false, consumers: false } });
  });

  it('has no relay or consumers check for a service without them', async () => {
    const { definition } = thingsService();
    const service = definition.create({ adapters, config: { port: 0, host: '127.0.0.1', internalSecret: secret }, logger });
    await service.start();
    expect((await service.readiness()).checks).toEqual({ started: true, projections: true });
    await service.stop();
  });

  it('answers a write once its read models and the readers of what it publishes have it', async () => {
    const { definition } = thingsService({ relay: true, consumer: true });
    const service = definition.create({ adapters, config: { port: 0, host: '127.0.0.1', internalSecret: secret }, logger });
    const { url } = await service.start();
    try {
      expect(await graphql(url, 'mutation { make }')).toEqual({ make: 1 });
      expect(await graphql(url, '{ made heard }')).toEqual({ made: 1, heard: 1 });
    } finally {
      await service.stop();
    }
  });

  it('builds the parts at start, from the configuration its environment read, and a stop during the start stops what it started', async () => {
    let release!: () => void;
    const steps: string[] = [];
    const { definition } = thingsService({ waitBeforeParts: new Promise<void>((resolve) => (release = resolve)), steps });
    const service = definition.create({ adapters, config: definition.environment.parse({ INTERNAL_SECRET: secret }), logger });
    expect(steps).toEqual([]);

    const started = service.start();
    const stopped = service.stop();
    release();
    await started;
    await stopped;

    expect(steps).toEqual(['parts', 'projection start', 'projection stop']);
    expect(service.url).toBeUndefined();
  });

  it('builds the parts again at the next start when building them failed', async () => {
    const steps: string[] = [];
    const { definition } = thingsService({ failedBuilds: 1, steps });
    const service = definition.create({ adapters, config: { port: 0, host: '127.0.0.1', internalSecret: secret }, logger });

    await expect(service.start()).rejects.toThrow('secrets unavailable');
    expect(await service.readiness()).toMatchObject({ ready: false });
    await service.start();
    await service.stop();

    expect(steps).toEqual(['parts', 'parts', 'projection start', 'projection stop']);
  });
});
