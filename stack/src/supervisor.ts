import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { cappedDoublingMs, onStopRequest, type Logger } from '@nocturne/platform/process';

/** One process the launcher runs: a Node script with its environment. */
export interface SupervisedProgram {
  name: string;
  script: string;
  env: NodeJS.ProcessEnv;
  /** What a restart of it loses, said in the restart's log line. */
  lostOnRestart?: string;
}

export interface RestartPolicy {
  /** Wait before the first restart; doubled for each crash in a row. */
  initialDelayMs: number;
  /** The longest wait between restarts. */
  maxDelayMs: number;
  /** A process that ran this long before it crashed starts again from the first wait. */
  stableAfterMs: number;
}

export const defaultRestartPolicy: RestartPolicy = { initialDelayMs: 500, maxDelayMs: 15_000, stableAfterMs: 60_000 };

/** The exit status of a bad setting (EX_CONFIG): restarting cannot fix it. */
export const CONFIG_ERROR_EXIT = 78;

/** The wait before restarting after the `crashes`-th crash in a row (1 for the first): doubling, capped. */
export function restartDelayMs(crashes: number, policy: RestartPolicy = defaultRestartPolicy): number {
  return cappedDoublingMs(crashes - 1, policy.initialDelayMs, policy.maxDelayMs);
}

export interface Supervisor {
  /** Passes the signal on (to `stopFirst` first, then to the others) and restarts none of them any more. */
  stop(signal: NodeJS.Signals): void;
  /**
   * The launcher's exit status once every process is gone: 0; 78 when one had a configuration error (so a
   * launcher in front of one process exits as that process would); 1 when one failed its own shutdown.
   */
  readonly done: Promise<number>;
  /** The running process of a program (tests). */
  pidOf(name: string): number | undefined;
}

interface Running {
  program: SupervisedProgram;
  child: ChildProcess;
  startedAt: number;
  crashes: number;
  restartTimer?: NodeJS.Timeout;
}

/**
 * Runs the programs and keeps them running: a process that dies is started again after a capped, doubling
 * wait (logged), so one crash is not an outage of the whole stack. A configuration error (exit 78) is not
 * retried: everything stops and the launcher fails. `stop` passes a signal on and waits for all of them.
 * Each child gets an IPC channel: if the launcher itself is killed outright, the channel closes and the
 * children stop (`onStopRequest`) instead of holding their ports with nobody to restart or stop them.
 */
export interface SuperviseOptions {
  policy?: RestartPolicy;
  stdio?: StdioOptions;
  now?: () => number;
  /**
   * Programs stopped, and waited for, before the others get the signal (the gateway: it stops taking
   * requests and lets those in flight finish while the subgraphs still answer them).
   */
  stopFirst?: readonly string[];
  /** How long `stopFirst` may take before the others are told to stop anyway. */
  stopFirstTimeoutMs?: number;
}

/** The given stdio for the child's stdin, stdout and stderr, plus the IPC channel that tells it the launcher is gone. */
function withIpc(stdio: StdioOptions): StdioOptions {
  const [stdin, stdout, stderr] = typeof stdio === 'string' ? [stdio, stdio, stdio] : stdio;
  return [stdin, stdout, stderr, 'ipc'];
}

export function supervise(programs: readonly SupervisedProgram[], logger: Logger, options: SuperviseOptions = {}): Supervisor {
  const policy = options.policy ?? defaultRestartPolicy;
  const now = options.now ?? Date.now;
  const running = new Map<string, Running>();
  let stopping = false;
  let exitCode = 0;
  let resolveDone: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (resolveDone = resolve));

  const isAlive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
  const settleIfAllGone = () => {
    if (!stopping) return;
    if ([...running.values()].every((entry) => !isAlive(entry.child) && entry.restartTimer === undefined)) resolveDone(exitCode);
  };

  const start = (program: SupervisedProgram, crashes: number) => {
    const child = spawn(process.execPath, [program.script], { env: program.env, stdio: withIpc(options.stdio ?? 'inherit') });
    const entry: Running = { program, child, startedAt: now(), crashes };
    running.set(program.name, entry);
    logger.info({ process: program.name, pid: child.pid, ...(crashes > 0 && { restart: crashes }) }, crashes > 0 ? 'process restarted' : 'process started');
    child.on('exit', (code, signal) => {
      if (stopping) {
        if (code !== 0 && signal === null) {
          // A process that fails its own shutdown (exit code other than 0) fails the set's too.
          logger.error({ process: program.name, code }, 'a process of the stack did not stop cleanly');
          if (exitCode === 0) exitCode = 1;
        }
        settleIfAllGone();
        return;
      }
      if (code === CONFIG_ERROR_EXIT) {
        logger.error({ process: program.name, code }, 'a process of the stack has a configuration error; stopping the others');
        exitCode = CONFIG_ERROR_EXIT;
        stop('SIGTERM');
        return;
      }
      const ranMs = now() - entry.startedAt;
      const inARow = ranMs >= policy.stableAfterMs ? 1 : entry.crashes + 1;
      const delayMs = restartDelayMs(inARow, policy);
      logger.error(
        { process: program.name, code, signal, ranMs, crashesInARow: inARow, restartInMs: delayMs, ...(program.lostOnRestart && { lostOnRestart: program.lostOnRestart }) },
        'a process of the stack stopped; restarting it',
      );
      entry.restartTimer = setTimeout(() => {
        entry.restartTimer = undefined;
        if (!stopping) start(program, inARow);
        else settleIfAllGone();
      }, delayMs);
    });
  };

  const exitOf = (child: ChildProcess) => (isAlive(child) ? new Promise<void>((resolve) => child.once('exit', () => resolve())) : Promise.resolve());

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const entry of running.values()) {
      if (entry.restartTimer) {
        clearTimeout(entry.restartTimer);
        entry.restartTimer = undefined;
      }
    }
    const first = [...running.values()].filter((entry) => options.stopFirst?.includes(entry.program.name));
    const rest = [...running.values()].filter((entry) => !first.includes(entry));
    for (const entry of first) if (isAlive(entry.child)) entry.child.kill(signal);
    let timer: NodeJS.Timeout | undefined;
    const firstGone = Promise.race([
      Promise.all(first.map((entry) => exitOf(entry.child))),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, options.stopFirstTimeoutMs ?? 15_000))),
    ]);
    void firstGone.then(() => {
      clearTimeout(timer);
      for (const entry of rest) if (isAlive(entry.child)) entry.child.kill(signal);
      settleIfAllGone();
    });
  };

  for (const program of programs) start(program, 0);
  return {
    stop,
    done,
    pidOf: (name) => {
      const entry = running.get(name);
      return entry && isAlive(entry.child) ? entry.child.pid : undefined;
    },
  };
}

/** Runs the programs until the launcher is asked to stop (SIGTERM, SIGINT, its own parent gone), which it passes on; resolves its exit status. */
export function superviseUntilStopped(programs: readonly SupervisedProgram[], logger: Logger, options: SuperviseOptions = {}): Promise<number> {
  const supervisor = supervise(programs, logger, options);
  onStopRequest((reason) => supervisor.stop(reason === 'SIGINT' ? 'SIGINT' : 'SIGTERM'));
  return supervisor.done;
}
