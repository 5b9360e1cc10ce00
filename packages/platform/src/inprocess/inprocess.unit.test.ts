import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../testing';
import { integrationEvent } from '../testing/eventBusContract';
import { newEvent } from '../testing/eventStoreContract';
import type { DeliveredMessage } from '../ports';
import { FileCheckpointStore, InProcessEventBus, InProcessEventStore, InProcessKeyValueStore, partitionFor } from '.';

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
