import { createAdapters, createLogger } from '@nocturne/platform';
import { readProfileEnvironment, toProfileConfig } from './environment';
import { createProfileService } from './service';

/** The profile subgraph on its own: adapters from the environment (real infrastructure or in-process). */
async function main() {
  const { settings, variables } = readProfileEnvironment();
  const logger = createLogger('profile', { env: { ...variables, LOG_LEVEL: settings.LOG_LEVEL } });
  const adapters = await createAdapters({ service: 'profile', env: variables, logger });
  const service = createProfileService({ adapters, config: toProfileConfig(settings), logger });
  await service.start();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'profile stopping');
    try {
      await service.stop();
      await adapters.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'profile did not stop cleanly');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`profile failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
