// First: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) must patch the libraries before they load.
import '@nocturne/platform/tracing';
import { readFileSync } from 'node:fs';
import { ConfigError, loadConfig } from '@nocturne/platform/config';
import { createLogger } from '@nocturne/platform/logging';
import { onStopRequest } from '@nocturne/platform/process';
import { RedisKeyValueStore } from '@nocturne/platform/redis';
import { SessionStore } from '@nocturne/platform/sessions';
import { flushTracing, GATEWAY_METRICS_PORT, metricsEnvironmentSchema, startMetricsServerIfPossible } from '@nocturne/platform/telemetry';
import { createGateway, isSwipeWindowAlwaysOpen, loadGatewayEnvironment, loadSubgraphUrls, subgraphsOf } from '@nocturne/gateway';
import { proxiedPrefixesOf, restRoutesOf, restTables } from './restTables';

// The gateway as a process of its own (the launcher, docker compose): it lives here, beside the registry,
// because the REST calls it serves are the services'. It takes them from their light entries
// (restTables.ts), so this process loads no service's domain, adapters or libraries.

async function main() {
  const env = loadGatewayEnvironment();
  const metricsSettings = loadConfig(metricsEnvironmentSchema(GATEWAY_METRICS_PORT), { service: 'gateway' });
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
    developerTools: env.NODE_ENV === 'development',
    trustProxy: env.TRUST_PROXY,
    ...(env.PUBLIC_URL && { publicUrl: env.PUBLIC_URL }),
    ...(env.HOST && { host: env.HOST }),
    swipeWindowAlwaysOpen: isSwipeWindowAlwaysOpen(env.SWIPE_WINDOW),
    mediaTimeoutMs: env.MEDIA_TIMEOUT_SECONDS * 1000,
    mediaUploadTimeoutMs: env.MEDIA_UPLOAD_TIMEOUT_SECONDS * 1000,
    restRoutes: restRoutesOf(restTables),
    proxiedPrefixes: proxiedPrefixesOf(restTables),
    // Every gateway instance sees the answers kept for an Idempotency-Key, and counts requests and live
    // sockets per person together.
    sharedStore: sessionsKv,
    usage: env.usage,
    // Without Redis no session resolves: not ready (503) until it answers again.
    readinessChecks: { redis: { probe: () => sessionsKv.ping() } },
  });
  const { url } = await gateway.start(env.PORT);
  // /metrics on its own port (9464), never the public one; a taken port costs the metrics, not the gateway.
  const metrics = await startMetricsServerIfPossible({ port: metricsSettings.METRICS_PORT, host: metricsSettings.METRICS_HOST, logger, owner: 'gateway' });
  logger.info({ url }, 'Nocturne gateway ready');

  onStopRequest((reason) => {
    logger.info({ reason }, 'gateway stopping');
    void Promise.allSettled([gateway.stop(), metrics?.stop()])
      .then(() => sessionsKv.close())
      .then(() => flushTracing())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'gateway stopped with an error');
          process.exit(1);
        },
      );
  });
}

main().catch((error: unknown) => {
  console.error('gateway failed to start:', error);
  process.exit(1);
});
