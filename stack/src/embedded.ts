import { authEnvironmentSchema, toAuthConfig } from '@nocturne/auth';
import { createGateway, DEFAULT_FRONTEND_DIST, isSwipeWindowAlwaysOpen, parseUsageLimits, SUPERGRAPH_FILE } from '@nocturne/gateway';
import { createAdapters, createInProcessInfrastructure, retentionMsOf, type Adapters } from '@nocturne/platform/adapters';
import { parseEnv } from '@nocturne/platform/config';
import type { InProcessSubgraph } from '@nocturne/platform/http';
import type { ServiceDefinition } from '@nocturne/platform/kit';
import { createLogger, type Logger } from '@nocturne/platform/logging';
import { SessionStore } from '@nocturne/platform/sessions';
import { startMetricsServerIfPossible } from '@nocturne/platform/telemetry';
import { readFileSync } from 'node:fs';
import { startDemoNightOwls, type NightOwls } from '@nocturne/demo';
import { randomInternalSecret, siteOriginOf } from './environment';
import { portVariableOf, serviceProxiedPrefixes, serviceRestRoutes, services } from './services';

export interface EmbeddedStackOptions {
  /** The gateway's port; 0 picks a free one. */
  port?: number;
  /** Where events, blobs and checkpoints live; null keeps everything in memory. */
  dataDir?: string | null;
  /** Subgraph ports by name; else `AUTH_PORT` ... of `env`; else the usual ports (docs/design.md). 0 picks a free one, `'free'` free ones for all. */
  subgraphPorts?: Record<string, number> | 'free';
  internalSecret?: string;
  publicUrl?: string;
  frontendDir?: string;
  /** Extra variables for the services' own settings (rate limits, MAIL_OUTBOX_DIR, SWIPE_WINDOW...). */
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  /** Interface the gateway listens on; all interfaces when unset. */
  host?: string;
  /** Introspection and stack traces for a developer at work (NODE_ENV=development, explicitly). */
  developerTools?: boolean;
  trustProxy?: false | number | readonly string[];
  /** Seed the demo night owls once the gateway answers (`npm start` does unless DEMO_NIGHT_OWLS=false; tests make their own people). */
  demoNightOwls?: boolean;
  /** `/metrics` of the whole process on this port (`npm start`: METRICS_PORT, 9464); 0 picks a free one; unset serves none. */
  metrics?: { port: number; host?: string };
  /** The services' clock (tests move it forward to see rules that follow time: the dawn rule); the system clock by default. */
  clock?: () => Date;
  /** A clock for the named services only (before `clock`), e.g. the swipe service's for its 10 s and 30 min rules. */
  clocks?: Record<string, () => Date>;
}

export interface EmbeddedStack {
  /** Where the app is served. */
  url: string;
  port: number;
  /** Each subgraph's GraphQL URL, by name. */
  subgraphUrls: Record<string, string>;
  internalSecret: string;
  /** The demo night owls, when asked for: `ready` settles once they are set up. */
  nightOwls?: NightOwls;
  /** Where `/metrics` answers, when asked for. */
  metricsUrl?: string;
  stop(): Promise<void>;
}

/**
 * The whole app in one process: one in-process bus and key-value store shared by every service, each
 * service on its own port on 127.0.0.1, and the gateway in front serving the client.
 */
export async function startEmbeddedStack(options: EmbeddedStackOptions = {}): Promise<EmbeddedStack> {
  const logger = options.logger ?? createLogger('stack', { ...(options.env && { env: options.env }) });
  // Each part logs under its own name, as it would in its own process.
  const loggerFor = (name: string): Logger => (options.logger ? options.logger.child({ component: name }) : createLogger(name, { ...(options.env && { env: options.env }) }));
  const internalSecret = options.internalSecret ?? randomInternalSecret();
  const ports: Record<string, number | undefined> = options.subgraphPorts === 'free' ? Object.fromEntries(services.map((service) => [service.name, 0])) : (options.subgraphPorts ?? {});
  const dataDir = options.dataDir === undefined ? '.data' : options.dataDir;
  // The bus keeps published events as long as Kafka topics would (KAFKA_RETENTION_HOURS).
  const infrastructure = createInProcessInfrastructure(dataDir ?? undefined, { logger, retentionMs: retentionMsOf(options.env ?? {}) });
  const stoppers: Array<() => Promise<void>> = [() => infrastructure.close()];
  const stopAll = async () => {
    for (const stop of stoppers.splice(0).reverse()) {
      try {
        await stop();
      } catch (error) {
        logger.error({ err: error }, 'stopping part of the stack failed');
      }
    }
  };

  // Links in mails (auth) point where the app is served; a free port (0) is only known once the gateway
  // listens, after the services have started: set PUBLIC_URL with it.
  const gatewayPort = options.port ?? 8080;
  const linkOrigin = options.publicUrl ?? (gatewayPort === 0 ? undefined : siteOriginOf(gatewayPort, options.host));
  try {
    const variables: NodeJS.ProcessEnv = {
      ...options.env,
      // The local demo swipes round the clock unless told otherwise (decisions.md).
      SWIPE_WINDOW: options.env?.SWIPE_WINDOW?.trim() || 'always',
      INTERNAL_SECRET: internalSecret,
      ...(linkOrigin && { PUBLIC_URL: linkOrigin }),
      // Services that keep files of their own (auth's mail outbox without SMTP) keep them with the data.
      ...(dataDir && { NOCTURNE_DATA_DIR: dataDir }),
    };
    // One /metrics for the process, every service's metrics labelled with its name; a taken port costs the
    // metrics, not the app (as for every other process).
    const metrics = options.metrics ? await startMetricsServerIfPossible({ port: options.metrics.port, host: options.metrics.host ?? '127.0.0.1', logger, owner: 'Nocturne' }) : undefined;
    if (metrics) stoppers.push(() => metrics.stop());
    const adaptersFor = async (service: ServiceDefinition): Promise<Adapters> => {
      const adapters = await createAdapters({
        service: service.name,
        shared: infrastructure,
        dataDir,
        env: {},
        logger: loggerFor(service.name),
        ...(service.productCounters && { productCounters: service.productCounters }),
      });
      stoppers.push(() => adapters.close());
      return adapters;
    };

    const subgraphUrls: Record<string, string> = {};
    const inProcessSubgraphs: Record<string, InProcessSubgraph | undefined> = {};
    for (const service of services) {
      const portVariable = portVariableOf(service.name);
      const port = ports[service.name] ?? (variables[portVariable]?.trim() || service.defaultPort);
      const config = parseEnv(service.environment, { ...variables, [portVariable]: String(port) });
      const clock = options.clocks?.[service.name] ?? options.clock;
      const instance = service.create({ adapters: await adaptersFor(service), config, logger: loggerFor(service.name), ...(clock && { clock }) });
      subgraphUrls[service.name] = (await instance.start()).url;
      inProcessSubgraphs[service.name] = instance.inProcess;
      stoppers.push(() => instance.stop());
    }
    // The gateway resolves the sessions auth creates, with the same lifetimes.
    const authConfig = toAuthConfig(parseEnv(authEnvironmentSchema, variables));

    const gateway = createGateway({
      supergraphSdl: readFileSync(SUPERGRAPH_FILE, 'utf8'),
      subgraphUrls,
      // One process: the gateway calls each subgraph's /graphql directly, not over a signed loopback hop.
      inProcessSubgraphs,
      internalSecret,
      sessions: new SessionStore(infrastructure.kv, { idleMs: authConfig.sessions.idleMinutes * 60_000, absoluteMs: authConfig.sessions.maxDays * 24 * 3600_000 }),
      frontendDir: options.frontendDir ?? DEFAULT_FRONTEND_DIST,
      logger: loggerFor('gateway'),
      developerTools: options.developerTools ?? false,
      trustProxy: options.trustProxy ?? false,
      ...(options.publicUrl && { publicUrl: options.publicUrl }),
      ...(options.host && { host: options.host }),
      swipeWindowAlwaysOpen: isSwipeWindowAlwaysOpen(variables.SWIPE_WINDOW),
      restRoutes: serviceRestRoutes(),
      proxiedPrefixes: serviceProxiedPrefixes(),
      sharedStore: infrastructure.kv,
      usage: parseUsageLimits(variables),
    });
    const { url, port } = await gateway.start(gatewayPort);
    stoppers.push(() => gateway.stop());
    // In the background: the app answers while they are being set up.
    const nightOwls = options.demoNightOwls ? startDemoNightOwls({ gateway: { url, port, ...(options.host && { host: options.host }) }, infrastructure, logger: loggerFor('night-owls'), alwaysNight: isSwipeWindowAlwaysOpen(variables.SWIPE_WINDOW) }) : undefined;
    if (nightOwls) stoppers.push(() => nightOwls.stop());
    return { url, port, subgraphUrls, internalSecret, ...(nightOwls && { nightOwls }), ...(metrics && { metricsUrl: metrics.url }), stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
