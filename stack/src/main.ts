import { createLogger, usesRealInfrastructure } from '@nocturne/platform/process';
import { launchEmbeddedStack } from './embeddedLauncher';
import { unsupportedNode } from './nodeVersion';

// `npm start`: a launcher that keeps the app's processes running. Embedded, one child holds the whole
// stack (it reads and checks the settings itself: a bad one exits 78, which the launcher passes on); with
// real infrastructure, one process per service and the gateway. Only the real mode's launcher loads the
// service registry and the gateway's settings: the embedded one stays small beside its child.
async function main() {
  const refused = unsupportedNode();
  if (refused) {
    console.error(refused);
    process.exit(1);
  }
  if (usesRealInfrastructure(process.env)) {
    const { readStackEnvironment } = await import('./environment.js');
    const { launchProcesses } = await import('./launcher.js');
    const { settings, variables } = readStackEnvironment();
    const logger = createLogger('stack', { env: variables });
    logger.info('real infrastructure (KAFKA_BROKERS, MONGODB_URI, REDIS_URL): one process per service');
    process.exit(await launchProcesses(settings, variables, logger));
  }
  process.exit(await launchEmbeddedStack(process.env, createLogger('stack')));
}

main().catch((error: unknown) => {
  console.error('Nocturne failed to start:', error);
  process.exit(1);
});
