import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEvent } from '../testing/eventStoreContract';
import { AppendLog } from './appendLog';
import { FileCheckpointStore } from './checkpoints';
import { InProcessEventStore } from './eventStore';
import { InProcessKeyValueStore } from './keyValue';

// The disk calls are counted (and made to fail on demand) through the real node:fs functions.
const disk = { writes: 0, opens: 0, failWrites: false };
jest.mock('node:fs', () => {
  const actual = jest.requireActual<typeof import('node:fs')>('node:fs');
  return {
    ...actual,
    write: (...args: unknown[]) => {
      disk.writes += 1;
      const callback = args[args.length - 1] as (error: Error) => void;
      if (disk.failWrites) return callback(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
      return (actual.write as (...a: unknown[]) => void)(...args);
    },
  };
});
jest.mock('node:fs/promises', () => {
  const actual = jest.requireActual<typeof import('node:fs/promises')>('node:fs/promises');
  return {
    ...actual,
    open: (...args: Parameters<typeof actual.open>) => {
      disk.opens += 1;
      return actual.open(...args);
    },
  };
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nocturne-group-commit-'));
  Object.assign(disk, { writes: 0, opens: 0, failWrites: false });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lines = (path: string) => readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as unknown);

describe('append log group commit', () => {
  it('writes the appends made while a write is under way together, in one durable write, in the order they were made', async () => {
    const log = AppendLog.open<{ n: number }>(join(dir, 'log.jsonl'));
    await Promise.all(Array.from({ length: 50 }, (_, n) => log.append([{ n }])));
    await log.close();
    expect(lines(join(dir, 'log.jsonl'))).toEqual(Array.from({ length: 50 }, (_, n) => ({ n })));
    // The first append goes out alone; the 49 made meanwhile share the next write.
    expect(disk.writes).toBeLessThanOrEqual(2);
  });

  it('refuses every append after a failed write, so nothing lands behind a partial line', async () => {
    const log = AppendLog.open<{ n: number }>(join(dir, 'log.jsonl'));
    await log.append([{ n: 1 }]);
    disk.failWrites = true;
    await expect(log.append([{ n: 2 }])).rejects.toThrow(/a write failed, so no more appends are taken: ENOSPC/);
    disk.failWrites = false;
    await expect(log.append([{ n: 3 }])).rejects.toThrow(/no more appends/);
    await log.close();
    expect(lines(join(dir, 'log.jsonl'))).toEqual([{ n: 1 }]);
  });
});

describe('in-process event store on disk', () => {
  it('takes concurrent appends without one write each, and shows them in global order once durable', async () => {
    const store = new InProcessEventStore({ dir });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => store.append(`s-${i % 10}`, [newEvent(`E${i}`)], { expectedVersion: 'any' })));
    expect(results.map((result) => result.lastGlobalPosition)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(disk.writes).toBeLessThan(10);
    const all = await store.readAll({ after: 0, limit: 100 });
    expect(all.map((event) => event.type)).toEqual(Array.from({ length: 40 }, (_, i) => `E${i}`));
    expect((await store.readStream('s-3')).map((event) => event.streamVersion)).toEqual([1, 2, 3, 4]);
    await store.close();
    const reopened = new InProcessEventStore({ dir });
    expect((await reopened.readAll({ after: 0, limit: 100 })).map((event) => event.globalPosition)).toEqual(all.map((event) => event.globalPosition));
    await reopened.close();
  });

  it('checks versions against appends still being written: the next version goes through, a repeated one is refused', async () => {
    const store = new InProcessEventStore({ dir });
    const appends = await Promise.allSettled([
      store.append('claim', [newEvent('A')], { expectedVersion: 0 }),
      store.append('claim', [newEvent('B')], { expectedVersion: 0 }),
      store.append('claim', [newEvent('C')], { expectedVersion: 1 }),
    ]);
    expect(appends.map((append) => append.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(appends[1]).toMatchObject({ reason: { name: 'WrongExpectedVersionError' } });
    expect((await store.readStream('claim')).map((event) => event.type)).toEqual(['A', 'C']);
    await store.close();
  });

  it('answers a conflict only once the append it lost to can be read, so a retry reads the new version', async () => {
    const store = new InProcessEventStore({ dir });
    const winner = store.append('ids', [newEvent('One')], { expectedVersion: 0 });
    const loser = store.append('ids', [newEvent('Two')], { expectedVersion: 0 }).catch(async (error: Error) => ({ error, versionThen: (await store.readStream('ids')).length }));
    await winner;
    expect(await loser).toMatchObject({ error: { name: 'WrongExpectedVersionError' }, versionThen: 1 });
    await store.close();
  });

  it('shows nothing of an append whose write failed, and refuses appends after it', async () => {
    const store = new InProcessEventStore({ dir });
    await store.append('s', [newEvent('Kept')], { expectedVersion: 0 });
    disk.failWrites = true;
    await expect(store.append('s', [newEvent('Lost')], { expectedVersion: 1 })).rejects.toThrow(/ENOSPC/);
    disk.failWrites = false;
    await expect(store.append('t', [newEvent('After')], { expectedVersion: 0 })).rejects.toThrow(/no more appends/);
    expect((await store.readAll({ after: 0, limit: 10 })).map((event) => event.type)).toEqual(['Kept']);
    await store.close();
  });
});

describe('file checkpoint store writes', () => {
  it('folds the saves made during a write into one more write that carries the latest positions', async () => {
    const path = join(dir, 'checkpoints.json');
    const store = new FileCheckpointStore(path);
    await Promise.all(Array.from({ length: 30 }, (_, i) => store.save(i % 2 === 0 ? 'relay' : 'projection', i + 1)));
    await store.close();
    expect(disk.opens).toBeLessThanOrEqual(2);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ relay: 29, projection: 30 });
  });
});

describe('in-process key-value store on disk', () => {
  it('costs no write for the session check, and concurrent writes share one', async () => {
    const kv = new InProcessKeyValueStore({ dir, sweepIntervalMs: 0 });
    await kv.set('session:a', '{"userId":1}', { ttlMs: 60_000 });
    const afterSet = disk.writes;
    expect(afterSet).toBe(1);
    await Promise.all(Array.from({ length: 50 }, () => Promise.all([kv.get('session:a'), kv.ttl('session:a'), kv.members('user-sessions:1')])));
    expect(disk.writes).toBe(afterSet);
    const counts = await Promise.all(Array.from({ length: 40 }, () => kv.increment('rate:127.0.0.1', { ttlMs: 60_000 })));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(disk.writes - afterSet).toBeLessThanOrEqual(2);
    await kv.close();
  });

  it('answers a write only once it is on disk, and refuses writes after one failed', async () => {
    const kv = new InProcessKeyValueStore({ dir, sweepIntervalMs: 0 });
    disk.failWrites = true;
    await expect(kv.set('session:a', 'v')).rejects.toThrow(/ENOSPC/);
    disk.failWrites = false;
    await expect(kv.set('session:b', 'v')).rejects.toThrow(/no more appends/);
    await kv.close();
  });
});
