import { readFileSync } from 'node:fs';
import { ConfigError, RedisKeyValueStore, SessionStore, createLogger } from '@nocturne/platform';
import { createGateway, isSwipeWindowAlwaysOpen, loadGatewayEnvironment, loadSubgraphUrls, subgraphsOf } from '@nocturne/gateway';
import { serviceProxiedPrefixes, serviceRestRoutes } from './services';

// The gateway as a process of its own (the launcher, docker compose): it lives here, beside the registry,
// because the REST calls it serves come from the services' definitions.

async function main() {
  const env = loadGatewayEnvironment();
  const logger = createLogger('gateway');
  const supergraphSdl = readFileSync(env.SUPERGRAPH_FILE, 'utf8');
  let subgraphUrls: Record<string, string | undefined>;
  try {
    subgraphUrls = loadSubgraphUrls(subgraphsOf(supergraphSdl).map((subgraph) => subgraph.name));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`gateway: ${error.message}\n`);
    process.exit(78);
  }
  // Sessions are all the gateway keeps: Redis only, no event store or bus connections.
  const sessionsKv = await RedisKeyValueStore.connect(env.REDIS_URL, { logger });
  const sessions = new SessionStore(sessionsKv, { idleMs: env.SESSION_IDLE_MINUTES * 60_000, absoluteMs: env.SESSION_MAX_DAYS * 24 * 3600_000 });
  const gateway = createGateway({
    supergraphSdl,
    subgraphUrls,
    internalSecret: env.INTERNAL_SECRET,
    sessions,
    frontendDir: env.FRONTEND_DIST,
    logger,
    production: env.NODE_ENV === 'production',
    trustProxy: env.TRUST_PROXY,
    ...(env.PUBLIC_URL && { publicUrl: env.PUBLIC_URL }),
    ...(env.HOST && { host: env.HOST }),
    swipeWindowAlwaysOpen: isSwipeWindowAlwaysOpen(env.SWIPE_WINDOW),
    restRoutes: serviceRestRoutes(),
    proxiedPrefixes: serviceProxiedPrefixes(),
  });
  const { url } = await gateway.start(env.PORT);
  logger.info({ url }, 'Nocturne gateway ready');

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'gateway stopping');
    void Promise.allSettled([gateway.stop()])
      .then(() => sessionsKv.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'gateway stopped with an error');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('gateway failed to start:', error);
  process.exit(1);
});
