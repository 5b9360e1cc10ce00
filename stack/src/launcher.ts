import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { subgraphUrlVariable } from '@nocturne/gateway';
import type { Logger } from '@nocturne/platform';
import { packageNameOf, portVariableOf, services } from './services';
import type { StackEnvironment } from './environment';

interface Child {
  name: string;
  process: ChildProcess;
}

const distMain = (packageName: string) => path.join(path.dirname(require.resolve(`${packageName}/package.json`)), 'dist', 'main.js');

/**
 * With real infrastructure every service and the gateway run as their own processes, as they would in
 * containers. Signals are passed on; when one process dies the others are stopped and the launcher exits
 * with a failure, so a supervisor restarts the set.
 */
export function launchProcesses(settings: StackEnvironment, variables: NodeJS.ProcessEnv, logger: Logger): Promise<number> {
  const children: Child[] = [];
  let stopping = false;
  let exitCode = 0;

  const start = (name: string, script: string, env: NodeJS.ProcessEnv) => {
    const child = spawn(process.execPath, [script], { env, stdio: 'inherit' });
    children.push({ name, process: child });
    logger.info({ process: name, pid: child.pid }, 'process started');
    return child;
  };

  const subgraphUrls: Record<string, string> = {};
  for (const definition of services) {
    const portVariable = portVariableOf(definition.name);
    const port = variables[portVariable]?.trim() || String(definition.defaultPort);
    // A child picking a free port (0) could not be told to the gateway, so the launcher needs fixed ports.
    if (port === '0') throw new Error(`${portVariable}=0 is only supported by the embedded stack`);
    subgraphUrls[subgraphUrlVariable(definition.name)] = variables[subgraphUrlVariable(definition.name)]?.trim() || `http://127.0.0.1:${port}/graphql`;
    start(definition.name, distMain(packageNameOf(definition)), { ...variables, [portVariable]: port });
  }
  start('gateway', path.join(__dirname, 'gatewayMain.js'), { ...variables, ...subgraphUrls, PORT: String(settings.PORT) });

  return new Promise<number>((resolve) => {
    const stopAll = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      for (const child of children) if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill(signal);
    };
    for (const child of children) {
      child.process.on('exit', (code, signal) => {
        if (!stopping) {
          logger.error({ process: child.name, code, signal }, 'a process of the stack stopped; stopping the others');
          exitCode = 1;
          stopAll('SIGTERM');
        } else if (code !== 0 && signal === null) {
          // A process that fails its own shutdown (exit code other than 0) fails the set's too.
          logger.error({ process: child.name, code }, 'a process of the stack did not stop cleanly');
          exitCode = 1;
        }
        if (children.every((c) => c.process.exitCode !== null || c.process.signalCode !== null)) resolve(exitCode);
      });
    }
    process.on('SIGINT', () => stopAll('SIGINT'));
    process.on('SIGTERM', () => stopAll('SIGTERM'));
  });
}
