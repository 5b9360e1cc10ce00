import type { z } from 'zod';
import { createAdapters, type Adapters } from '../adapters';
import { loadConfig } from '../config';
import type { InProcessSubgraph, Readiness } from '../http/subgraphServer';
import { createLogger, type Logger } from '../logging';
import type { RestRoute, ServiceProxiedPrefix } from '../rest';
import type { ProductCounterRule } from '../telemetry/instrumentedEventStore';
import { defaultMetricsPortOf, metricsEnvironmentSchema, startMetricsServerIfPossible } from '../telemetry/metricsServer';
import { flushTracing } from '../telemetry/tracingSdk';
import { onStopRequest } from './stopRequest';

/** A running service: the subgraph server and whatever it runs beside it (projections, relay, consumers). */
export interface ServiceInstance {
  start(): Promise<{ url: string }>;
  /** Stops accepting, finishes what is in flight, then stops its workers. */
  stop(): Promise<void>;
  readiness(): Promise<Readiness>;
  /** The GraphQL endpoint once started. */
  readonly url: string | undefined;
  /** Its `/graphql` for a gateway in the same process (the embedded stack), without the HTTP hop. */
  readonly inProcess?: InProcessSubgraph;
}

export interface ServiceDependencies<Config> {
  adapters: Adapters;
  /** Its configuration, as its `environment` read it. */
  config: Config;
  logger: Logger;
  /** Defaults to the system clock; tests pass their own. */
  clock?: () => Date;
}

/**
 * Everything the rest of the system needs to know about one service. The registry in `stack` lists
 * these; the embedded stack, the launcher, the composition, the gateway and the tests loop over it.
 */
export interface ServiceDefinition<Config = unknown> {
  /** Lower-case name: subgraph name, database `nocturne_<name>`, variables `<NAME>_PORT`, `<NAME>_URL`. */
  name: string;
  /** Where it listens unless `<NAME>_PORT` says otherwise (docs/design.md, Ports). */
  defaultPort: number;
  /**
   * Reads its own variables into its configuration (a zod object and its mapping, `<name>EnvironmentSchema
   * .transform(to<Name>Config)`); the adapters read theirs (KAFKA_BROKERS, ...).
   */
  environment: z.ZodType<Config>;
  /** Made by `defineService`, which owns the wiring and the start and stop sequence. */
  create(dependencies: ServiceDependencies<Config>): ServiceInstance;
  /** Federation 2 SDL, the text of its `graphql/*.graphql` files. */
  typeDefs: string;
  /** Partitions per topic it creates (Kafka and the in-process bus). */
  partitions?: Record<string, number>;
  /**
   * Its calls of the REST facade (`/api/*`, product spec point 7): the gateway serves and documents them
   * (`/api/openapi.json`), running each one's GraphQL operations on the supergraph.
   */
  restRoutes?: readonly RestRoute[];
  /** Plain HTTP routes (media) the gateway forwards to this subgraph from `/api`, and documents. */
  proxiedPrefixes?: readonly ServiceProxiedPrefix[];
  /** The product counters its events feed (sign-ups, swipes, matches, messages), counted as they are stored. */
  productCounters?: readonly ProductCounterRule[];
}

/** `AUTH_PORT` for `auth`. */
export const portVariableOf = (name: string) => `${name.toUpperCase()}_PORT`;
/** `AUTH_URL` for `auth`: where the gateway finds the subgraph. */
export const urlVariableOf = (name: string) => `${name.toUpperCase()}_URL`;

/**
 * The `main` of every service process: read the environment once (exit 78 on a bad value), connect the
 * adapters, start, and stop in order on SIGTERM, SIGINT or its supervisor gone (exit 0, or 1 when stopping failed).
 */
export function runServiceMain<Config>(definition: ServiceDefinition<Config>, env: NodeJS.ProcessEnv = process.env): void {
  const { name } = definition;
  const run = async () => {
    const config = loadConfig(definition.environment, { env, service: name });
    const metricsSettings = loadConfig(metricsEnvironmentSchema(defaultMetricsPortOf(definition)), { env, service: name });
    const logger = createLogger(name, { env });
    const adapters = await createAdapters({
      service: name,
      env,
      logger,
      ...(definition.partitions && { partitions: definition.partitions }),
      ...(definition.productCounters && { productCounters: definition.productCounters }),
    });
    // /metrics on a port of its own, never the public one, from before the start (catch-up shows as
    // projection lag); a taken port costs the metrics, not the service.
    const metrics = await startMetricsServerIfPossible({ port: metricsSettings.METRICS_PORT, host: metricsSettings.METRICS_HOST, logger, owner: name });
    const service = definition.create({ adapters, config, logger });
    try {
      await service.start();
    } catch (error) {
      await adapters.close().catch(() => undefined);
      await metrics?.stop();
      throw error;
    }

    onStopRequest((reason) => {
      logger.info({ reason }, `${name} stopping`);
      service
        .stop()
        .then(() => adapters.close())
        .then(() => metrics?.stop())
        .then(() => flushTracing())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            logger.error({ err: error }, `${name} did not stop cleanly`);
            process.exit(1);
          },
        );
    });
  };
  run().catch((error: unknown) => {
    process.stderr.write(`${name} failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
