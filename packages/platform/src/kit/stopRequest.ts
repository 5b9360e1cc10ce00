/** Why a process is asked to stop: a signal, or its supervising parent gone. */
export type StopReason = 'SIGTERM' | 'SIGINT' | 'parent gone';

/**
 * The one way a process main learns it should stop: SIGTERM, SIGINT, or, when a supervisor started it
 * with an IPC channel (`stack/src/supervisor.ts`), the channel closing. A parent that was SIGKILLed sends
 * no signal, and a child left running would keep holding its port. `shutdown` runs once, whichever comes
 * first; it drains and exits the process itself.
 */
export function onStopRequest(shutdown: (reason: StopReason) => void, processRef: NodeJS.Process = process): void {
  let requested = false;
  const request = (reason: StopReason) => {
    if (requested) return;
    requested = true;
    shutdown(reason);
  };
  processRef.on('SIGTERM', () => request('SIGTERM'));
  processRef.on('SIGINT', () => request('SIGINT'));
  // Started with an IPC channel: `send` exists even once the channel has closed.
  if (typeof processRef.send !== 'function') return;
  if (!processRef.connected) {
    // The parent went while this process was still starting.
    setImmediate(() => request('parent gone'));
    return;
  }
  processRef.on('disconnect', () => request('parent gone'));
  // The channel is only a sign of life from the parent: on its own it must not keep the process running.
  processRef.channel?.unref();
}
