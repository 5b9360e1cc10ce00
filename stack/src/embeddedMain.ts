// First: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) must patch the libraries before they load.
import '@nocturne/platform/tracing';
import { ConfigError } from '@nocturne/platform/config';
import { createLogger } from '@nocturne/platform/logging';
import { onStopRequest } from '@nocturne/platform/process';
import { flushTracing } from '@nocturne/platform/telemetry';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startEmbeddedStack } from './embedded';
import { readStackEnvironment } from './environment';

// The embedded stack's process: every service and the gateway in this one process. `main.js` runs it
// under the supervisor, which starts it again if it crashes.

async function main() {
  const { settings, variables } = readStackEnvironment();
  const logger = createLogger('stack', { env: variables });
  const stack = await startEmbeddedStack({
    port: settings.PORT,
    dataDir: settings.NOCTURNE_DATA_DIR,
    frontendDir: settings.FRONTEND_DIST,
    developerTools: settings.NODE_ENV === 'development',
    trustProxy: settings.TRUST_PROXY,
    env: variables,
    logger,
    demoNightOwls: settings.DEMO_NIGHT_OWLS,
    metrics: { port: settings.METRICS_PORT, host: settings.METRICS_HOST },
    ...(settings.INTERNAL_SECRET && { internalSecret: settings.INTERNAL_SECRET }),
    ...(settings.PUBLIC_URL && { publicUrl: settings.PUBLIC_URL }),
  });
  // The moderation tools (`npm run verifications:*`) reach this stack's internal routes with these; the data
  // directory already holds every person's data keys, so the secret is no better kept anywhere else.
  writeFileSync(path.join(settings.NOCTURNE_DATA_DIR, 'internal-access.json'), JSON.stringify({ subgraphUrls: stack.subgraphUrls, internalSecret: stack.internalSecret }), { mode: 0o600 });
  const swipeWindow = variables.SWIPE_WINDOW?.trim() || 'always';
  logger.info(
    { url: stack.url, subgraphs: stack.subgraphUrls, metrics: stack.metricsUrl, dataDir: settings.NOCTURNE_DATA_DIR, swipeWindow },
    `Nocturne is running (embedded, one process): open ${settings.PUBLIC_URL ?? stack.url}${swipeWindow === 'always' ? ' (swiping open round the clock: SWIPE_WINDOW=always)' : ''}`,
  );

  onStopRequest((reason) => {
    logger.info({ reason }, 'stopping');
    stack.stop().then(
      () => flushTracing().then(() => process.exit(0)),
      (error: unknown) => {
        logger.error({ err: error }, 'stopped with an error');
        process.exit(1);
      },
    );
  });
}

main().catch((error: unknown) => {
  // A service's own settings are checked when the embedded stack starts it: a bad one is a configuration error too.
  if (error instanceof ConfigError) {
    process.stderr.write(`Nocturne failed to start: ${error.message}\n`);
    process.exit(78);
  }
  console.error('Nocturne failed to start:', error);
  process.exit(1);
});
