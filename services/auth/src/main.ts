import { createAdapters, createLogger } from '@nocturne/platform';
import { readAuthEnvironment, toAuthConfig } from './environment';
import { createAuthService } from './service';

/** The auth subgraph on its own: adapters from the environment (real infrastructure or in-process). */
async function main() {
  const { settings, variables } = readAuthEnvironment();
  const logger = createLogger('auth', { env: { ...variables, LOG_LEVEL: settings.LOG_LEVEL } });
  const adapters = await createAdapters({ service: 'auth', env: variables, logger });
  const service = createAuthService({ adapters, config: toAuthConfig(settings), logger });
  await service.start();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'auth stopping');
    try {
      await service.stop();
      await adapters.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'auth did not stop cleanly');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`auth failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
