import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../testing';
import { integrationEvent } from '../testing/eventBusContract';
import { newEvent } from '../testing/eventStoreContract';
import type { DeliveredMessage } from '../ports';
import { FileCheckpointStore, InProcessEventBus, InProcessEventStore, InProcessKeyValueStore, KEY_VALUE_JOURNAL_FILE, partitionFor } from '.';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nocturne-inprocess-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('in-process event store file', () => {
  it('ignores a torn last line left by a crash and appends after it cleanly', async () => {
    const store = new InProcessEventStore({ dir });
    await store.append('user-1', [newEvent('A')], { expectedVersion: 0 });
    await store.close();
    appendFileSync(join(dir, 'events.log'), '{"events":[{"id":"half');
    const reopened = new InProcessEventStore({ dir });
    expect((await reopened.readStream('user-1')).map((e) => e.type)).toEqual(['A']);
    await reopened.append('user-1', [newEvent('B')], { expectedVersion: 1 });
    await reopened.close();
    const again = new InProcessEventStore({ dir });
    expect((await again.readStream('user-1')).map((e) => e.type)).toEqual(['A', 'B']);
    await again.close();
  });

  it('refuses to start on a corrupt line in the middle of the log', async () => {
    writeFileSync(join(dir, 'events.log'), 'not json\n{"events":[]}\n');
    expect(() => new InProcessEventStore({ dir })).toThrow(/corrupt/);
  });

  it('writes a multi-event append as one line, so a crash keeps all or none of it', async () => {
    const store = new InProcessEventStore({ dir });
    await store.append('user-1', [newEvent('A'), newEvent('B')], { expectedVersion: 0 });
    await store.close();
    expect(readFileSync(join(dir, 'events.log'), 'utf8').trim().split('\n')).toHaveLength(1);
  });
});

describe('in-process event bus', () => {
  it('sends a key always to the same partition', () => {
    expect(partitionFor('user-42', 8)).toBe(partitionFor('user-42', 8));
    const used = new Set(Array.from({ length: 100 }, (_, i) => partitionFor(`user-${i}`, 8)));
    expect(used.size).toBe(8);
  });

  it('deals partitions to every member of a group', async () => {
    const bus = new InProcessEventBus({ defaultPartitions: 4 });
    const byMember: DeliveredMessage[][] = [[], []];
    const a = await bus.subscribe({ groupId: 'g', topics: ['t'], handler: async (m) => void byMember[0]!.push(m) });
    const b = await bus.subscribe({ groupId: 'g', topics: ['t'], handler: async (m) => void byMember[1]!.push(m) });
    await bus.publish('t', Array.from({ length: 40 }, (_, i) => ({ key: `k${i}`, event: integrationEvent(`k${i}`) })));
    await eventually(() => expect(byMember[0]!.length + byMember[1]!.length).toBe(40));
    expect(new Set([...byMember[0]!, ...byMember[1]!].map((m) => m.event.id)).size).toBe(40);
    expect(byMember[0]!.length).toBeGreaterThan(0);
    expect(byMember[1]!.length).toBeGreaterThan(0);
    expect(new Set(byMember[0]!.map((m) => m.partition)).size).toBe(2);
    await b.stop();
    await bus.publish('t', Array.from({ length: 8 }, (_, i) => ({ key: `k${i}`, event: integrationEvent(`k${i}`) })));
    await eventually(() => expect(byMember[0]!.length + byMember[1]!.length).toBe(48));
    expect(byMember[1]!.length).toBeLessThan(40);
    await a.stop();
    await bus.close();
  });

  it('starts a new group at the end when fromBeginning is false', async () => {
    const bus = new InProcessEventBus();
    await bus.publish('t', [{ key: 'k', event: integrationEvent('k', {}, 'Old') }]);
    const seen: string[] = [];
    const consumer = await bus.subscribe({ groupId: 'late', topics: ['t'], fromBeginning: false, handler: async (m) => void seen.push(m.event.type) });
    await bus.publish('t', [{ key: 'k', event: integrationEvent('k', {}, 'New') }]);
    await eventually(() => expect(seen).toEqual(['New']));
    await consumer.stop();
    await bus.close();
  });

  it('does not redeliver committed messages after a restart', async () => {
    const bus = new InProcessEventBus({ dir });
    const seen: string[] = [];
    const consumer = await bus.subscribe({ groupId: 'g', topics: ['t'], handler: async (m) => void seen.push(m.event.type) });
    await bus.publish('t', [{ key: 'k', event: integrationEvent('k', {}, 'One') }]);
    await eventually(() => expect(seen).toEqual(['One']));
    await consumer.stop();
    await bus.close();
    const restarted = new InProcessEventBus({ dir });
    expect(restarted.committedOffsets('g')).toEqual({ [`t/${partitionFor('k', 4)}`]: 1 });
    const later: string[] = [];
    const again = await restarted.subscribe({ groupId: 'g', topics: ['t'], handler: async (m) => void later.push(m.event.type) });
    await restarted.publish('t', [{ key: 'k', event: integrationEvent('k', {}, 'Two') }]);
    await eventually(() => expect(later).toEqual(['Two']));
    await again.stop();
    await restarted.close();
  });

  it('hands messages over as copies', async () => {
    const bus = new InProcessEventBus();
    const seen: unknown[] = [];
    const consumer = await bus.subscribe({
      groupId: 'g',
      topics: ['t'],
      maxAttempts: 2,
      handler: async (m) => {
        seen.push(structuredClone(m.event.data));
        (m.event.data as { n: number }).n = 99;
        if (seen.length === 1) throw new Error('retry');
      },
    });
    await bus.publish('t', [{ key: 'k', event: integrationEvent('k', { n: 1 }) }]);
    await eventually(() => expect(seen).toEqual([{ n: 1 }, { n: 1 }]));
    await consumer.stop();
    await bus.close();
  });
});

describe('in-process event bus retention', () => {
  const HOUR = 3_600_000;
  const topicFile = () => readFileSync(join(dir, 'topics', 't.log'), 'utf8');

  it('drops messages past the retention from memory and from the topic log, keeping offsets', async () => {
    let now = 1_000 * HOUR;
    const bus = new InProcessEventBus({ dir, retentionMs: 24 * HOUR, now: () => now, defaultPartitions: 1 });
    await bus.publish('t', [{ key: 'k', event: integrationEvent('k', { secret: 'old bio' }, 'Old') }]);
    now += 23 * HOUR;
    await bus.publish('t', [{ key: 'k', event: integrationEvent('k', { secret: 'new bio' }, 'New') }]);
    now += 2 * HOUR;
    await bus.prune();
    expect(topicFile()).not.toContain('old bio');
    expect(topicFile()).toContain('new bio');
    const seen: DeliveredMessage[] = [];
    const consumer = await bus.subscribe({ groupId: 'g', topics: ['t'], handler: async (m) => void seen.push(m) });
    await eventually(() => expect(seen.map((m) => [m.event.type, m.offset])).toEqual([['New', '1']]));
    await consumer.stop();
    await bus.close();

    // After a restart the offsets go on where they were, and a group committed behind the cut resumes at it.
    now += 24 * HOUR;
    const restarted = new InProcessEventBus({ dir, retentionMs: 24 * HOUR, now: () => now, defaultPartitions: 1 });
    await restarted.publish('t', [{ key: 'k', event: integrationEvent('k', {}, 'Later') }]);
    expect(topicFile()).not.toContain('new bio');
    const later: DeliveredMessage[] = [];
    const again = await restarted.subscribe({ groupId: 'behind', topics: ['t'], handler: async (m) => void later.push(m) });
    await eventually(() => expect(later.map((m) => [m.event.type, m.offset])).toEqual([['Later', '2']]));
    await again.stop();
    await restarted.close();
  });

  it('dates lines written before publish times were kept by their event', async () => {
    const old = integrationEvent('k', { secret: 'ancient' }, 'Ancient');
    const fresh = integrationEvent('k', {}, 'Fresh');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(dir, 'topics'), { recursive: true });
    writeFileSync(join(dir, 'topics', 't.log'), `${JSON.stringify({ p: 0, k: 'k', e: { ...old, occurredAt: '2020-01-01T00:00:00.000Z' } })}\n${JSON.stringify({ p: 0, k: 'k', e: { ...fresh, occurredAt: new Date().toISOString() } })}\n`);
    const bus = new InProcessEventBus({ dir, defaultPartitions: 1 });
    const seen: string[] = [];
    const consumer = await bus.subscribe({ groupId: 'g', topics: ['t'], handler: async (m) => void seen.push(m.event.type) });
    await eventually(() => expect(seen).toEqual(['Fresh']));
    expect(topicFile()).not.toContain('ancient');
    await consumer.stop();
    await bus.close();
  });
});

describe('in-process key-value store', () => {
  it('sweeps expired keys without anyone reading them', async () => {
    let now = 0;
    const kv = new InProcessKeyValueStore({ now: () => now, sweepIntervalMs: 0 });
    await kv.set('a', '1', { ttlMs: 1000 });
    await kv.set('b', '1');
    now = 1001;
    expect(kv.size).toBe(2);
    kv.sweep();
    expect(kv.size).toBe(1);
    await kv.close();
  });
});

describe('in-process key-value store journal', () => {
  const journal = () => join(dir, KEY_VALUE_JOURNAL_FILE);
  const journalLines = () =>
    readFileSync(journal(), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('skips a torn last line left by a crash, and writes after it cleanly', async () => {
    const kv = new InProcessKeyValueStore({ dir, sweepIntervalMs: 0 });
    await kv.set('session:a', 'alive', { ttlMs: 60_000 });
    await kv.addToSet('user-sessions:1', 'a');
    await kv.close();
    appendFileSync(journal(), '{"k":"session:b","v":"hal');
    const reopened = new InProcessKeyValueStore({ dir, sweepIntervalMs: 0 });
    expect(await reopened.get('session:a')).toBe('alive');
    expect(await reopened.get('session:b')).toBeNull();
    await reopened.addToSet('user-sessions:1', 'c');
    await reopened.close();
    const again = new InProcessKeyValueStore({ dir, sweepIntervalMs: 0 });
    expect((await again.members('user-sessions:1')).sort()).toEqual(['a', 'c']);
    await again.close();
  });

  it('compacts at start to exactly the live keys, with their absolute expiry', async () => {
    let now = 1_000_000;
    const kv = new InProcessKeyValueStore({ dir, now: () => now, sweepIntervalMs: 0 });
    await kv.set('expiring', 'v', { ttlMs: 1_000 });
    await kv.set('kept', 'v', { ttlMs: 60_000 });
    for (let i = 0; i < 5; i++) await kv.increment('counter');
    await kv.set('deleted', 'v');
    await kv.delete('deleted');
    await kv.addToSet('set', 'a');
    await kv.addToSet('set', 'b');
    await kv.removeFromSet('set', 'a');
    await kv.addToSet('emptied', 'a');
    await kv.removeFromSet('emptied', 'a');
    await kv.close();
    expect(journalLines().length).toBeGreaterThan(10);

    now += 1_000;
    const reopened = new InProcessKeyValueStore({ dir, now: () => now, sweepIntervalMs: 0 });
    expect(reopened.size).toBe(3);
    expect(journalLines()).toEqual([
      { k: 'kept', v: 'v', x: 1_060_000 },
      { k: 'counter', v: '5' },
      { k: 'set', m: ['b'] },
    ]);
    await reopened.close();
  });

  it('compacts once the journal grows past its bound, keeping every live key', async () => {
    const kv = new InProcessKeyValueStore({ dir, sweepIntervalMs: 0, compactAfterRecords: 20 });
    await kv.set('lease', 'holder', { ttlMs: 60_000 });
    await Promise.all(Array.from({ length: 100 }, () => kv.increment('rate')));
    for (let i = 0; i < 100; i++) await kv.increment('counter');
    // At most the three live keys the last compaction wrote, and the bound's worth of records since.
    expect(journalLines().length).toBeLessThanOrEqual(3 + 20);
    await kv.close();
    const reopened = new InProcessKeyValueStore({ dir, sweepIntervalMs: 0 });
    expect(await reopened.get('lease')).toBe('holder');
    expect(await reopened.get('rate')).toBe('100');
    expect(await reopened.get('counter')).toBe('100');
    await reopened.close();
  });

  it('writes nothing for reads, expiry in memory or writes that change nothing', async () => {
    let now = 0;
    const kv = new InProcessKeyValueStore({ dir, now: () => now, sweepIntervalMs: 0 });
    await kv.set('session', 'v', { ttlMs: 60_000 });
    await kv.set('short', 'v', { ttlMs: 10 });
    await kv.addToSet('set', 'a');
    const before = readFileSync(journal(), 'utf8');
    now = 20;
    for (let i = 0; i < 10; i++) {
      await kv.get('session');
      await kv.ttl('session');
      await kv.members('set');
    }
    expect(await kv.get('short')).toBeNull();
    kv.sweep();
    expect(await kv.set('session', 'w', { onlyIfAbsent: true })).toBe(false);
    expect(await kv.compareAndSet('session', 'other', 'w')).toBe(false);
    expect(await kv.incrementIfExists('missing', 1)).toBeNull();
    await kv.addToSet('set', 'a');
    await kv.removeFromSet('set', 'never-added');
    await kv.delete('missing');
    expect(readFileSync(journal(), 'utf8')).toBe(before);
    await kv.close();
  });

  it('starts empty from a missing journal and keeps memory only without a folder', async () => {
    const memory = new InProcessKeyValueStore({ sweepIntervalMs: 0 });
    await memory.set('k', 'v');
    await memory.close();
    expect(existsSync(journal())).toBe(false);
    const kv = new InProcessKeyValueStore({ dir: join(dir, 'kv'), sweepIntervalMs: 0 });
    expect(kv.size).toBe(0);
    await kv.close();
    expect(existsSync(join(dir, 'kv', KEY_VALUE_JOURNAL_FILE))).toBe(true);
  });

  it("keeps volatile keys (a relay's lease) in memory only: in use while it runs, never written, gone after a restart", async () => {
    const kv = new InProcessKeyValueStore({ dir, sweepIntervalMs: 0, volatilePrefixes: ['relay-lease:'] });
    await kv.set('relay-lease:outbox:swipe.events', 'holder-1', { ttlMs: 15_000 });
    await kv.set('session:a', 'alive', { ttlMs: 60_000 });
    expect(await kv.get('relay-lease:outbox:swipe.events')).toBe('holder-1');
    expect(await kv.set('relay-lease:outbox:swipe.events', 'holder-2', { ttlMs: 15_000, onlyIfAbsent: true })).toBe(false);
    await kv.close();
    expect(journalLines().map((line) => line.k)).toEqual(['session:a']);
    const reopened = new InProcessKeyValueStore({ dir, sweepIntervalMs: 0, volatilePrefixes: ['relay-lease:'] });
    expect(await reopened.get('relay-lease:outbox:swipe.events')).toBeNull();
    expect(await reopened.get('session:a')).toBe('alive');
    await reopened.close();
  });

  it('does not bring back a volatile key a journal of an earlier version holds', async () => {
    const earlier = new InProcessKeyValueStore({ dir, sweepIntervalMs: 0 });
    await earlier.set('relay-lease:outbox:chat.events', 'gone-holder', { ttlMs: 15_000 });
    await earlier.close();
    const now = new InProcessKeyValueStore({ dir, sweepIntervalMs: 0, volatilePrefixes: ['relay-lease:'] });
    expect(await now.get('relay-lease:outbox:chat.events')).toBeNull();
    await now.close();
    expect(journalLines()).toEqual([]);
  });
});

describe('file checkpoint store', () => {
  it('keeps positions across a reopen', async () => {
    const path = join(dir, 'checkpoints.json');
    const store = new FileCheckpointStore(path);
    expect(await store.load('relay')).toBe(0);
    await store.save('relay', 5);
    await store.save('projection', 2);
    await store.close();
    const reopened = new FileCheckpointStore(path);
    expect(await reopened.load('relay')).toBe(5);
    expect(await reopened.load('projection')).toBe(2);
  });
});
