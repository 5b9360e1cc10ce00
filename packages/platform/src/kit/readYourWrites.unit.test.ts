import { InProcessKeyValueStore } from '../inprocess';
import { collectingWrites, createPropagation, noteWrites, writtenSoFar, type WrittenEvent } from './readYourWrites';

const written = (id: string): WrittenEvent => ({ id, type: 'Noted', data: {}, streamId: 's-1', streamVersion: 1, globalPosition: 7, occurredAt: '2026-11-27T21:00:00.000Z', schemaVersion: 1 });

describe('the write log', () => {
  it('collects what the work wrote, apart from parallel work, and nothing outside any work', async () => {
    noteWrites([written('outside')]);
    expect(writtenSoFar()).toEqual([]);
    const [first, second] = await Promise.all([
      collectingWrites(async () => {
        await Promise.resolve();
        noteWrites([written('a1')]);
        await new Promise((resolve) => setTimeout(resolve, 5));
        noteWrites([written('a2')]);
        return 'a';
      }),
      collectingWrites(async () => {
        noteWrites([written('b1')]);
        return 'b';
      }),
    ]);
    expect(first).toEqual({ result: 'a', written: [written('a1'), written('a2')] });
    expect(second.written.map((event) => event.id)).toEqual(['b1']);
  });
});

describe('propagation', () => {
  const setUp = (options: { readerTtlMs?: number } = {}) => {
    const kv = new InProcessKeyValueStore();
    const writer = createPropagation({ kv, readersCacheMs: 0, ...options });
    const reader = createPropagation({ kv, readersCacheMs: 0, ...options });
    return { kv, writer, reader };
  };

  it('answers at once when nobody reads the events', async () => {
    const { writer, reader } = setUp();
    await reader.announce('swipe.events', 'chat', ['MatchCreated']);
    await expect(writer.awaitReaders('swipe.events', [{ id: 'e1', type: 'SwipeRecorded' }], 1_000)).resolves.toBe(true);
    await expect(writer.awaitReaders('profile.events', [{ id: 'e1', type: 'MatchCreated' }], 1_000)).resolves.toBe(true);
    await expect(writer.readsAny('swipe.events', ['SwipeRecorded'])).resolves.toBe(false);
    await expect(writer.readsAny('swipe.events', ['SwipeRecorded', 'MatchCreated'])).resolves.toBe(true);
    await expect(writer.readsAny('profile.events', ['MatchCreated'])).resolves.toBe(false);
  });

  it('waits until every group that reads the type has handled the event', async () => {
    const { writer, reader } = setUp();
    await reader.announce('swipe.events', 'chat', ['MatchCreated']);
    await reader.announce('swipe.events', 'profile', ['MatchCreated', 'PersonBlocked']);
    let answered = false;
    const waiting = writer.awaitReaders('swipe.events', [{ id: 'm1', type: 'MatchCreated' }], 5_000).then((reached) => ((answered = true), reached));
    await reader.markHandled('chat', 'm1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    await reader.markHandled('profile', 'm1');
    await expect(waiting).resolves.toBe(true);
    await writer.close();
  });

  it('finds an event handled before it was asked about', async () => {
    const { writer, reader } = setUp();
    await reader.announce('auth.events', 'swipe', ['UserRegistered']);
    await reader.markHandled('swipe', 'u1');
    await expect(writer.awaitReaders('auth.events', [{ id: 'u1', type: 'UserRegistered' }], 50)).resolves.toBe(true);
  });

  it('answers false at the bound when a reader does not handle the event', async () => {
    const { writer, reader } = setUp();
    await reader.announce('auth.events', 'swipe', ['UserRegistered']);
    const started = Date.now();
    await expect(writer.awaitReaders('auth.events', [{ id: 'u2', type: 'UserRegistered' }], 120)).resolves.toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    await writer.close();
  });

  it('stops waiting for a group whose announcement lapsed (every instance of it is gone)', async () => {
    const { kv, writer } = setUp({ readerTtlMs: 60_000 });
    await kv.set('ryw:reader:auth.events:gone', JSON.stringify(['UserRegistered']), { ttlMs: 1 });
    await kv.addToSet('ryw:readers:auth.events', 'gone');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await expect(writer.awaitReaders('auth.events', [{ id: 'u3', type: 'UserRegistered' }], 1_000)).resolves.toBe(true);
    expect(await kv.members('ryw:readers:auth.events')).toEqual([]);
  });
});
