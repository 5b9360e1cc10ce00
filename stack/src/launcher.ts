import path from 'node:path';
import { subgraphUrlVariable } from '@nocturne/gateway';
import { defaultMetricsPortOf, onStopRequest, type Logger } from '@nocturne/platform';
import { metricsPortVariableOf, packageNameOf, portVariableOf, services } from './services';
import type { StackEnvironment } from './environment';
import { supervise, type SupervisedProgram, type SuperviseOptions } from './supervisor';

const distMain = (packageName: string) => path.join(path.dirname(require.resolve(`${packageName}/package.json`)), 'dist', 'main.js');

/**
 * With real infrastructure every service and the gateway run as their own processes, as they would in
 * containers. Signals are passed on; a process that dies is restarted with a capped backoff (logged), so
 * one crash is not an outage; a configuration error stops the set and the launcher fails.
 */
export function launchProcesses(settings: StackEnvironment, variables: NodeJS.ProcessEnv, logger: Logger): Promise<number> {
  const programs: SupervisedProgram[] = [];
  const subgraphUrls: Record<string, string> = {};
  for (const definition of services) {
    const portVariable = portVariableOf(definition.name);
    const port = variables[portVariable]?.trim() || String(definition.defaultPort);
    // A child picking a free port (0) could not be told to the gateway, so the launcher needs fixed ports.
    if (port === '0') throw new Error(`${portVariable}=0 is only supported by the embedded stack`);
    subgraphUrls[subgraphUrlVariable(definition.name)] = variables[subgraphUrlVariable(definition.name)]?.trim() || `http://127.0.0.1:${port}/graphql`;
    // Each process its own metrics port (<NAME>_METRICS_PORT, else the service's default) and trace name.
    const metricsPort = variables[metricsPortVariableOf(definition.name)]?.trim() || String(defaultMetricsPortOf(definition));
    programs.push({ name: definition.name, script: distMain(packageNameOf(definition)), env: { ...variables, [portVariable]: port, METRICS_PORT: metricsPort, OTEL_SERVICE_NAME: `nocturne-${definition.name}` } });
  }
  programs.push({ name: 'gateway', script: path.join(__dirname, 'gatewayMain.js'), env: { ...variables, ...subgraphUrls, PORT: String(settings.PORT), METRICS_PORT: String(settings.METRICS_PORT), OTEL_SERVICE_NAME: 'nocturne-gateway' } });

  // The gateway stops first: it drains the requests in flight while the subgraphs still answer them.
  return superviseUntilStopped(programs, logger, { stopFirst: ['gateway'] });
}

/**
 * What the embedded stack loses when its process starts again after a crash. Events, profiles, photos,
 * checkpoints and the key-value store (sessions, rate-limit counters, Idempotency-Key answers) are on disk
 * under NOCTURNE_DATA_DIR and are kept; the launcher always gives the child one. Relay leases are not
 * kept (they name a process that is gone): the new relays publish at once.
 */
export const EMBEDDED_RESTART_LOSES = 'open live connections (chat) end; sessions, counters and everything else under NOCTURNE_DATA_DIR are kept';

/**
 * Without real infrastructure: the embedded stack (every service and the gateway) as one child process,
 * restarted with the same backoff if it crashes, so one crash is not an outage. A configuration error
 * exits 78 as the child did.
 */
export function launchEmbeddedStack(variables: NodeJS.ProcessEnv, logger: Logger): Promise<number> {
  return superviseUntilStopped([{ name: 'embedded', script: path.join(__dirname, 'embeddedMain.js'), env: variables, lostOnRestart: EMBEDDED_RESTART_LOSES }], logger);
}

/** Runs the programs until the launcher is asked to stop, which it passes on; resolves its exit status. */
function superviseUntilStopped(programs: readonly SupervisedProgram[], logger: Logger, options: SuperviseOptions = {}): Promise<number> {
  const supervisor = supervise(programs, logger, options);
  onStopRequest((reason) => supervisor.stop(reason === 'SIGINT' ? 'SIGINT' : 'SIGTERM'));
  return supervisor.done;
}
