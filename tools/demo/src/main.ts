// First: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) must patch the libraries before they load.
import '@nocturne/platform/tracing';
import { createServer } from 'node:http';
import { createAdapters } from '@nocturne/platform/adapters';
import { createLogger } from '@nocturne/platform/logging';
import { onStopRequest } from '@nocturne/platform/process';
import { startMetricsServerIfPossible } from '@nocturne/platform/telemetry';
import { readNightOwlsEnvironment } from './environment';
import { startNightOwls } from './nightOwls';
import { memoryOwlRegistry } from './owlRegistry';

// The demo night owls beside a stack that runs as separate processes (docker compose --profile demo): they
// talk to its gateway, hear swipe.events on its Kafka and keep their secret in MongoDB (database
// nocturne_night-owls). Without a note on disk they sign in at each start, which finds them again.
async function main() {
  const settings = readNightOwlsEnvironment();
  const logger = createLogger('night-owls', { env: process.env });
  const adapters = await createAdapters({ service: 'night-owls', env: process.env, logger });
  // The gateway may still be starting: the owls wait for it to answer.
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(new URL('/readyz', settings.GATEWAY_URL), { signal: AbortSignal.timeout(2_000) })).ok) break;
    } catch {
      // not yet
    }
    if (tries === 0) logger.info({ gateway: settings.GATEWAY_URL }, 'waiting for the gateway');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const owls = startNightOwls({
    gatewayUrl: settings.GATEWAY_URL,
    bus: adapters.bus,
    kv: adapters.kv,
    publishedPersonalData: adapters.publishedPersonalData,
    secret: () => adapters.personalData.secret('night-owl-passwords'),
    // The stack's data outlives this process: after a restart its owls are signed in, not signed up again.
    registry: memoryOwlRegistry({ owlsMayExist: true }),
    logger,
  });
  let ready = false;
  void owls.ready.then((outcome) => (ready = outcome !== undefined));
  const health = createServer((req, res) => {
    const ok = req.url === '/healthz' || (req.url === '/readyz' && ready);
    res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify({ status: ok ? 'ok' : 'starting' }));
  });
  await new Promise<void>((resolve) => health.listen(settings.NIGHT_OWLS_PORT, settings.NIGHT_OWLS_HOST, resolve));
  // /metrics on a port of its own, as every process of the stack (its consumer of swipe.events, the process).
  const metrics = await startMetricsServerIfPossible({ port: settings.METRICS_PORT, host: settings.METRICS_HOST, logger, owner: 'night-owls' });

  onStopRequest((reason) => {
    logger.info({ reason }, 'night owls stopping');
    health.close();
    void Promise.resolve(metrics?.stop())
      .then(() => owls.stop())
      .then(() => adapters.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'night owls did not stop cleanly');
          process.exit(1);
        },
      );
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`night owls failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
