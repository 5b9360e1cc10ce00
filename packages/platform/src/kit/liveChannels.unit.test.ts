import { InProcessKeyValueStore } from '../inprocess';
import { LiveChannels } from './liveChannels';

describe('live channels', () => {
  let kv: InProcessKeyValueStore;
  let live: LiveChannels;
  beforeEach(() => {
    kv = new InProcessKeyValueStore();
    live = new LiveChannels(kv);
  });
  afterEach(() => kv.close());

  it('delivers what is published after listening, transformed, in order, from every channel listened to', async () => {
    const stream = await live.listen<{ n: number }, number>(['a', 'b'], { transform: (message, channel) => (channel === 'b' ? message.n * 10 : message.n) });
    await live.publish('a', { n: 1 });
    await live.publish('b', { n: 2 });
    await live.publish('c', { n: 3 });
    expect(await stream.next()).toEqual({ value: 1, done: false });
    expect(await stream.next()).toEqual({ value: 20, done: false });
    await stream.return!();
  });

  it('skips what the transform drops, and takes values pushed in this process', async () => {
    const stream = await live.listen<{ keep: boolean }, string>(['a'], { transform: (message) => (message.keep ? 'kept' : undefined) });
    stream.push('first');
    await live.publish('a', { keep: false });
    await live.publish('a', { keep: true });
    expect(await stream.next()).toEqual({ value: 'first', done: false });
    expect(await stream.next()).toEqual({ value: 'kept', done: false });
    await stream.return!();
  });

  it('ends quietly when its clean-up fails (a socket closing while Redis is away), and reports the failure', async () => {
    const warn = jest.fn();
    const reporting = new LiveChannels(kv, { logger: { warn } as never });
    const stream = await reporting.listen(['a'], { onClose: () => Promise.reject(new Error('redis is unavailable')) });
    await expect(stream.return!()).resolves.toEqual({ value: undefined, done: true });
    expect(stream.closed).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('closes every open stream on close and waits for their clean-up, also one already closing', async () => {
    let release!: () => void;
    const cleanUp = jest.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const first = await live.listen(['a'], { onClose: cleanUp });
    const second = await live.listen(['b'], { onClose: jest.fn() });
    void first.return!();
    let done = false;
    const closing = live.close().then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    release();
    await closing;
    expect(first.closed && second.closed).toBe(true);
    expect(cleanUp).toHaveBeenCalledTimes(1);
  });

  it('ends at once on return, even with a reader waiting, leaves its channels and runs onClose once', async () => {
    const onClose = jest.fn();
    const stream = await live.listen(['a'], { onClose });
    const waiting = stream.next();
    await stream.return!();
    await stream.return!();
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(onClose).toHaveBeenCalledTimes(1);
    await live.publish('a', 'after');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await stream.next()).toEqual({ value: undefined, done: true });
  });

  it('ends on a message that says what it followed is over, without delivering it', async () => {
    const stream = await live.listen<{ kind: string }, string>(['a'], { endWhen: (message) => message.kind === 'ended', transform: (message) => message.kind });
    await live.publish('a', { kind: 'message' });
    await live.publish('a', { kind: 'ended' });
    await live.publish('a', { kind: 'late' });
    expect(await stream.next()).toEqual({ value: 'message', done: false });
    expect(await stream.next()).toEqual({ value: undefined, done: true });
  });

  it('checks that it may go on before each value, pushed or published, in their order, and ends instead once it may not', async () => {
    let allowed = true;
    const asked: string[] = [];
    const stream = await live.listen<string>(['a'], {
      stillAllowed: async () => {
        asked.push('check');
        // A slow answer for the first value: the second must still come after it.
        if (asked.length === 2) await new Promise((resolve) => setTimeout(resolve, 20));
        return allowed;
      },
    });
    expect(asked).toEqual(['check']);
    stream.push('first');
    await live.publish('a', 'second');
    expect(await stream.next()).toEqual({ value: 'first', done: false });
    expect(await stream.next()).toEqual({ value: 'second', done: false });
    allowed = false;
    await live.publish('a', 'after the end');
    expect(await stream.next()).toEqual({ value: undefined, done: true });
    expect(stream.closed).toBe(true);
  });

  it("ends at once when it may not go on as it starts listening (an end between the caller's check and the subscription)", async () => {
    const onClose = jest.fn();
    const stream = await live.listen(['a'], { stillAllowed: async () => false, onClose });
    expect(stream.closed).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('ends, and reports it, when the check fails', async () => {
    const warn = jest.fn();
    const reporting = new LiveChannels(kv, { logger: { warn } as never });
    let failing = false;
    const stream = await reporting.listen<string>(['a'], { stillAllowed: async () => (failing ? Promise.reject(new Error('the read model is unavailable')) : true) });
    failing = true;
    stream.push('value');
    expect(await stream.next()).toEqual({ value: undefined, done: true });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('gives up on a reader that falls too far behind, rather than buffering without bound', async () => {
    const onClose = jest.fn();
    const stream = await live.listen<number>(['a'], { bufferLimit: 2, onClose });
    for (let n = 0; n < 3; n++) stream.push(n);
    expect(stream.closed).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(await stream.next()).toEqual({ value: undefined, done: true });
  });
});
