import type { GraphQLResolverMap } from '@apollo/subgraph';
import type { Router } from 'express';
import type { Adapters } from '../adapters';
import { createSubgraphServer, type Readiness, type SubgraphBaseContext, type SubgraphServer } from '../http/subgraphServer';
import type { EventStore } from '../ports';
import { consumeIntegrationEvents, keyValueDeduper, type IntegrationHandler, type OutboxRelayOptions } from '../relay';
import type { Projection } from './projection';
import type { ServiceDefinition, ServiceDependencies, ServiceInstance } from './service';
import { createServiceLifecycle, type ServiceLifecycle, type ServiceWriter } from './serviceLifecycle';

/** What every service's configuration holds: where its subgraph listens, and the secret the gateway signs calls with. */
export interface ServiceConfig {
  /** 0 picks a free port. */
  port: number;
  host: string;
  internalSecret: string;
}

/** The outbox relay of the service's topic; the kit adds the bus, the checkpoints and the sealing of personal fields. */
export interface ServiceRelay {
  /** The service's event store (the outbox), as the service wrapped it (`protectPersonalData`). */
  store: EventStore;
  topic: string;
  /** null keeps an event private. */
  toIntegrationEvent: OutboxRelayOptions['toIntegrationEvent'];
  /**
   * Only one of the instances that share the store publishes at a time (a lease in the key-value store);
   * without it every instance publishes, and the consumers dedupe (docs/design.md, Events).
   */
  leased?: boolean;
}

/** An integration consumer as a table: which topics, and a handler per contract (`on(Contract, handle)`). */
export interface ServiceConsumer {
  /** Consumer group: the instances of one service share it. */
  group: string;
  topics: readonly string[];
  /** Where the marks of the events handled so far live in the key-value store (`keyValueDeduper`). */
  dedupeNamespace: string;
  handlers: readonly IntegrationHandler[];
}

/** A service's parts, by role: what its definition's `parts` builds, and the kit wires and runs. */
export interface ServiceParts<TContext extends SubgraphBaseContext> {
  /** The request context its resolvers get: the base one plus the service's applications. */
  context: (base: SubgraphBaseContext) => TContext | Promise<TContext>;
  /** Plain HTTP routes (media), mounted under `/media` after the internal-context check. */
  media?: (router: Router) => void;
  /** Read sides: started first, in order, each once caught up; stopped last. Readiness waits for them. */
  projections?: readonly Projection[];
  /**
   * What appends outside requests (swipe's pair catch-up), or what requests leave under way (auth's
   * mails, chat's live streams): stopped once the server has stopped, before the relay's final flush.
   */
  writers?: readonly ServiceWriter[];
  relay?: ServiceRelay;
  /** Started once the server answers, stopped first; they take part in read-your-writes. */
  consumers?: readonly ServiceConsumer[];
  /** Work started once everything runs, not waited for by `start` (a backfill); `stop` waits for it. */
  background?: ReadonlyArray<() => Promise<unknown>>;
  /** Closed at the very end of a stop (auth's mailer). */
  closes?: ReadonlyArray<() => Promise<unknown>>;
}

/** A service as its `service.ts` declares it: the definition the registry lists, its resolvers, and how its parts are built. */
export interface ServiceBlueprint<Config extends ServiceConfig, TContext extends SubgraphBaseContext> extends Omit<ServiceDefinition<Config>, 'create'> {
  resolvers: GraphQLResolverMap<TContext>;
  /**
   * Builds the service's parts from its dependencies; called by `start`, so it may first wait for what
   * the service needs before anything runs (auth's password hashing and claim key).
   */
  parts(dependencies: Required<ServiceDependencies<Config>>): ServiceParts<TContext> | Promise<ServiceParts<TContext>>;
}

/** The readiness checks every service answers, named after the parts they watch. */
export const READINESS_CHECKS = { projections: 'projections', relay: 'relay', consumers: 'consumers' } as const;

const notStarted: Readiness = { ready: false, status: 'not ready', checks: {} };

/**
 * The one way a service is put together. Its `parts` come by role; the kit builds the subgraph server
 * (port, host and secret from the configuration; `settleWrites` wired to the lifecycle's `settle`), runs
 * the relay and the consumers on the service's adapters with read-your-writes, derives the readiness
 * checks from what it was given (the adapters' dependencies, `projections` caught up, `relay` and
 * `consumers` running), and owns the start and stop sequence (`createServiceLifecycle`).
 */
export function defineService<Config extends ServiceConfig, TContext extends SubgraphBaseContext>(blueprint: ServiceBlueprint<Config, TContext>): ServiceDefinition<Config> {
  const { resolvers: _resolvers, parts, ...definition } = blueprint;
  return {
    ...definition,
    create: (dependencies) => serviceInstance(blueprint, { ...dependencies, clock: dependencies.clock ?? (() => new Date()) }, parts),
  };
}

/**
 * The instance `create` answers: its parts are built by the first `start` (a failed build is tried again
 * by the next one), then the lifecycle runs them.
 */
function serviceInstance<Config extends ServiceConfig, TContext extends SubgraphBaseContext>(
  blueprint: Pick<ServiceBlueprint<Config, TContext>, 'name' | 'typeDefs' | 'resolvers'>,
  dependencies: Required<ServiceDependencies<Config>>,
  partsOf: ServiceBlueprint<Config, TContext>['parts'],
): ServiceInstance {
  let lifecycle: ServiceLifecycle | undefined;
  let server: SubgraphServer | undefined;
  let assembling: Promise<ServiceLifecycle> | undefined;
  let starting: Promise<unknown> | undefined;
  const assembled = () =>
    (assembling ??= (async () => {
      const service = assembleService(blueprint, dependencies, await partsOf(dependencies));
      server = service.server;
      return (lifecycle = service.lifecycle);
    })().catch((error: unknown) => {
      assembling = undefined;
      throw error;
    }));
  return {
    get url() {
      return lifecycle?.url;
    },
    start() {
      const started = assembled().then((service) => service.start());
      starting = started;
      return started;
    },
    async stop() {
      // A stop during a start waits for it, then stops what it started.
      await starting?.catch(() => undefined);
      await lifecycle?.stop();
    },
    readiness: () => (lifecycle ? lifecycle.readiness() : Promise.resolve(notStarted)),
    inProcess: (request) => (server ? server.inProcess(request) : Promise.reject(new TypeError('fetch failed', { cause: new Error(`${blueprint.name} is not started`) }))),
  };
}

/** The subgraph server and the lifecycle of one service's parts. */
function assembleService<Config extends ServiceConfig, TContext extends SubgraphBaseContext>(
  blueprint: Pick<ServiceBlueprint<Config, TContext>, 'name' | 'typeDefs' | 'resolvers'>,
  { adapters, config, logger }: Pick<ServiceDependencies<Config>, 'config' | 'logger'> & { adapters: Pick<Adapters, 'bus' | 'kv' | 'checkpoints' | 'publishedPersonalData' | 'dependencies'> },
  parts: ServiceParts<TContext>,
): { lifecycle: ServiceLifecycle; server: SubgraphServer } {
  const projections = parts.projections ?? [];
  const consumers = parts.consumers ?? [];
  const relay = parts.relay;
  const server = createSubgraphServer<TContext>({
    name: blueprint.name,
    typeDefs: blueprint.typeDefs,
    resolvers: blueprint.resolvers,
    port: config.port,
    host: config.host,
    internalSecret: config.internalSecret,
    logger,
    settleWrites: (written) => lifecycle.settle(written),
    buildContext: parts.context,
    ...(parts.media && { routes: parts.media }),
    readinessChecks: {
      ...adapters.dependencies,
      ...(projections.length > 0 && { [READINESS_CHECKS.projections]: () => projections.every((projection) => projection.caughtUp()) }),
      ...(relay && { [READINESS_CHECKS.relay]: () => lifecycle.relayStarted() }),
      ...(consumers.length > 0 && { [READINESS_CHECKS.consumers]: () => lifecycle.consumersStarted() }),
    },
  });
  const lifecycle: ServiceLifecycle = createServiceLifecycle({
    server,
    logger,
    readYourWrites: { kv: adapters.kv },
    projections,
    ...(parts.writers && { writers: parts.writers }),
    ...(relay && {
      relay: {
        store: relay.store,
        bus: adapters.bus,
        topic: relay.topic,
        checkpoint: adapters.checkpoints,
        toIntegrationEvent: relay.toIntegrationEvent,
        publishedPersonalData: adapters.publishedPersonalData,
        logger,
        ...(relay.leased && { lease: { kv: adapters.kv } }),
      },
    }),
    consumers: consumers.map(
      (consumer) => (readYourWrites) =>
        consumeIntegrationEvents({
          bus: adapters.bus,
          group: consumer.group,
          topics: consumer.topics,
          publishedPersonalData: adapters.publishedPersonalData,
          deduper: keyValueDeduper(adapters.kv, { namespace: consumer.dedupeNamespace }),
          handlers: consumer.handlers,
          logger,
          readYourWrites,
        }),
    ),
    ...(parts.background && { background: parts.background }),
    ...(parts.closes && { closes: parts.closes }),
  });
  return { lifecycle, server };
}
