import { EventEmitter } from 'node:events';
import { onStopRequest, type StopReason } from './stopRequest';

/** Enough of `process` for onStopRequest: signals, and the IPC channel a supervisor gives its children. */
function fakeProcess(ipc?: { connected: boolean }) {
  const emitter = new EventEmitter() as EventEmitter & { send?: () => boolean; connected?: boolean; channel?: { unref(): void } };
  if (ipc) {
    emitter.send = () => true;
    emitter.connected = ipc.connected;
    emitter.channel = { unref: () => undefined };
  }
  return emitter;
}

describe('onStopRequest', () => {
  const listen = (processRef: EventEmitter) => {
    const reasons: StopReason[] = [];
    onStopRequest((reason) => reasons.push(reason), processRef as unknown as NodeJS.Process);
    return reasons;
  };

  it('asks to stop once, on the first of SIGTERM and SIGINT', () => {
    const processRef = fakeProcess();
    const reasons = listen(processRef);
    processRef.emit('SIGINT');
    processRef.emit('SIGTERM');
    processRef.emit('SIGINT');
    expect(reasons).toEqual(['SIGINT']);
  });

  it('asks to stop when the supervising parent is gone (its IPC channel closed)', () => {
    const processRef = fakeProcess({ connected: true });
    const reasons = listen(processRef);
    expect(reasons).toEqual([]);
    processRef.emit('disconnect');
    processRef.emit('SIGTERM');
    expect(reasons).toEqual(['parent gone']);
  });

  it('asks to stop at once when the parent went while the process was starting', async () => {
    const reasons = listen(fakeProcess({ connected: false }));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(reasons).toEqual(['parent gone']);
  });

  it('ignores the channel event in a process started without one', () => {
    const processRef = fakeProcess();
    const reasons = listen(processRef);
    processRef.emit('disconnect');
    expect(reasons).toEqual([]);
  });
});
