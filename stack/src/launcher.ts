import path from 'node:path';
import { subgraphUrlVariable } from '@nocturne/gateway';
import type { Logger } from '@nocturne/platform/logging';
import { defaultMetricsPortOf } from '@nocturne/platform/telemetry';
import { metricsPortVariableOf, packageNameOf, portVariableOf, services } from './services';
import { siteOriginOf, type StackEnvironment } from './environment';
import { superviseUntilStopped, type SupervisedProgram } from './supervisor';

const distMain = (packageName: string) => path.join(path.dirname(require.resolve(`${packageName}/package.json`)), 'dist', 'main.js');

/**
 * With real infrastructure every service and the gateway run as their own processes, as they would in
 * containers. Signals are passed on; a process that dies is restarted with a capped backoff (logged), so
 * one crash is not an outage; a configuration error stops the set and the launcher fails.
 */
export function launchProcesses(settings: StackEnvironment, variables: NodeJS.ProcessEnv, logger: Logger): Promise<number> {
  const programs: SupervisedProgram[] = [];
  const subgraphUrls: Record<string, string> = {};
  // Auth's reset links point where the gateway listens unless PUBLIC_URL says otherwise (the gateway itself
  // is not given it: PUBLIC_URL also sets its origin check and cookie policy).
  const linkOrigin = variables.PUBLIC_URL?.trim() || siteOriginOf(settings.PORT, variables.HOST?.trim());
  for (const definition of services) {
    const portVariable = portVariableOf(definition.name);
    const port = variables[portVariable]?.trim() || String(definition.defaultPort);
    // A child picking a free port (0) could not be told to the gateway, so the launcher needs fixed ports.
    if (port === '0') throw new Error(`${portVariable}=0 is only supported by the embedded stack`);
    subgraphUrls[subgraphUrlVariable(definition.name)] = variables[subgraphUrlVariable(definition.name)]?.trim() || `http://127.0.0.1:${port}/graphql`;
    // Each process its own metrics port (<NAME>_METRICS_PORT, else the service's default) and trace name.
    const metricsPort = variables[metricsPortVariableOf(definition.name)]?.trim() || String(defaultMetricsPortOf(definition));
    programs.push({ name: definition.name, script: distMain(packageNameOf(definition)), env: { ...variables, PUBLIC_URL: linkOrigin, [portVariable]: port, METRICS_PORT: metricsPort, OTEL_SERVICE_NAME: `nocturne-${definition.name}` } });
  }
  programs.push({ name: 'gateway', script: path.join(__dirname, 'gatewayMain.js'), env: { ...variables, ...subgraphUrls, PORT: String(settings.PORT), METRICS_PORT: String(settings.METRICS_PORT), OTEL_SERVICE_NAME: 'nocturne-gateway' } });

  // The gateway stops first: it drains the requests in flight while the subgraphs still answer them.
  return superviseUntilStopped(programs, logger, { stopFirst: ['gateway'] });
}
