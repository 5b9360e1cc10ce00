import { createLogger } from '@nocturne/platform';
import { readStackEnvironment } from './environment';
import { launchEmbeddedStack, launchProcesses } from './launcher';

// `npm start`: a launcher that keeps the app's processes running. Embedded, one process holds the whole
// stack; with real infrastructure, one process per service and the gateway.
async function main() {
  const { settings, variables } = readStackEnvironment();
  const logger = createLogger('stack', { env: variables });

  if (settings.mode === 'real') {
    logger.info('real infrastructure (KAFKA_BROKERS, MONGODB_URI, REDIS_URL): one process per service');
    process.exit(await launchProcesses(settings, variables, logger));
  }
  process.exit(await launchEmbeddedStack(variables, logger));
}

main().catch((error: unknown) => {
  console.error('Nocturne failed to start:', error);
  process.exit(1);
});
