import type { KeyValueStore } from '../ports';
import { eventually, uniqueSuffix } from './eventually';

export interface KeyValueContractOptions {
  /**
   * Moves the store's clock forward. In-process stores pass their fake clock; without it the suite uses
   * short real TTLs and waits for the key to expire.
   */
  advanceTime?: (ms: number) => void | Promise<void>;
  /** Opens the same store again after the suite closed it: stores that persist must keep what was written. */
  reopen?: () => KeyValueStore | Promise<KeyValueStore>;
  timeoutMs?: number;
}

/** Behaviour every KeyValueStore must have. Keys are unique per test. */
export function keyValueContract(name: string, makeStore: () => KeyValueStore | Promise<KeyValueStore>, options: KeyValueContractOptions = {}): void {
  describe(`KeyValueStore contract: ${name}`, () => {
    if (options.timeoutMs) jest.setTimeout(options.timeoutMs);
    let kv: KeyValueStore;
    let prefix: string;
    const key = (label: string) => `${prefix}:${label}`;
    const ttl = options.advanceTime ? 60_000 : 300;
    const expire = async (check: () => Promise<void>) => {
      if (options.advanceTime) {
        await options.advanceTime(ttl + 1);
        await check();
      } else {
        await eventually(check, { timeoutMs: ttl + 3000 });
      }
    };

    beforeEach(async () => {
      kv = await makeStore();
      prefix = `contract-${uniqueSuffix()}`;
    }, options.timeoutMs);
    afterEach(async () => {
      await kv.close();
    }, options.timeoutMs);

    it('sets, gets and deletes a value', async () => {
      expect(await kv.get(key('a'))).toBeNull();
      expect(await kv.set(key('a'), 'one')).toBe(true);
      expect(await kv.get(key('a'))).toBe('one');
      await kv.delete(key('a'));
      expect(await kv.get(key('a'))).toBeNull();
      await kv.delete(key('never-there'));
    });

    it('writes onlyIfAbsent values only once', async () => {
      expect(await kv.set(key('nx'), 'first', { onlyIfAbsent: true })).toBe(true);
      expect(await kv.set(key('nx'), 'second', { onlyIfAbsent: true })).toBe(false);
      expect(await kv.get(key('nx'))).toBe('first');
    });

    it('grants exactly one of many concurrent onlyIfAbsent writes', async () => {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => kv.set(key('race'), String(i), { onlyIfAbsent: true })));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('reports the remaining time to live, and null without one', async () => {
      await kv.set(key('ttl'), 'v', { ttlMs: 60_000 });
      const remaining = await kv.ttl(key('ttl'));
      expect(remaining).toBeGreaterThan(50_000);
      expect(remaining).toBeLessThanOrEqual(60_000);
      await kv.set(key('plain'), 'v');
      expect(await kv.ttl(key('plain'))).toBeNull();
      expect(await kv.ttl(key('missing'))).toBeNull();
    });

    it('drops a TTL when the value is set again without one', async () => {
      await kv.set(key('k'), 'v', { ttlMs: 60_000 });
      await kv.set(key('k'), 'w');
      expect(await kv.ttl(key('k'))).toBeNull();
    });

    it('expires a key after its time to live', async () => {
      await kv.set(key('short'), 'v', { ttlMs: ttl });
      await kv.set(key('long'), 'v');
      expect(await kv.get(key('short'))).toBe('v');
      await expire(async () => expect(await kv.get(key('short'))).toBeNull());
      expect(await kv.get(key('long'))).toBe('v');
      expect(await kv.set(key('short'), 'again', { onlyIfAbsent: true })).toBe(true);
    });

    it('increments atomically and sets the TTL only when the counter is created', async () => {
      expect(await kv.increment(key('count'), { ttlMs: 60_000 })).toBe(1);
      expect(await kv.increment(key('count'), { by: 4, ttlMs: 1 })).toBe(5);
      const remaining = await kv.ttl(key('count'));
      expect(remaining).toBeGreaterThan(50_000);
      const results = await Promise.all(Array.from({ length: 25 }, () => kv.increment(key('count'))));
      expect(new Set(results).size).toBe(25);
      expect(await kv.get(key('count'))).toBe('30');
    });

    it('starts a counter again after it expired', async () => {
      await kv.increment(key('window'), { ttlMs: ttl });
      await kv.increment(key('window'), { ttlMs: ttl });
      await expire(async () => expect(await kv.get(key('window'))).toBeNull());
      expect(await kv.increment(key('window'), { ttlMs: ttl })).toBe(1);
    });

    it('adds to an existing counter only, keeping its TTL, and never creates one', async () => {
      expect(await kv.incrementIfExists(key('absent'), -1)).toBeNull();
      expect(await kv.get(key('absent'))).toBeNull();
      await kv.increment(key('held'), { by: 3, ttlMs: 60_000 });
      expect(await kv.incrementIfExists(key('held'), -1)).toBe(2);
      expect(await kv.get(key('held'))).toBe('2');
      expect(await kv.ttl(key('held'))).toBeGreaterThan(50_000);
      const results = await Promise.all(Array.from({ length: 10 }, () => kv.incrementIfExists(key('held'), 1)));
      expect(new Set(results).size).toBe(10);
      expect(await kv.get(key('held'))).toBe('12');
    });

    it('gives nothing back to a counter whose window ended', async () => {
      await kv.increment(key('ended'), { ttlMs: ttl });
      await expire(async () => expect(await kv.get(key('ended'))).toBeNull());
      expect(await kv.incrementIfExists(key('ended'), -1)).toBeNull();
      expect(await kv.get(key('ended'))).toBeNull();
    });

    it('compares and sets: replaces only the expected value, never a missing one', async () => {
      await kv.set(key('cas'), 'one', { ttlMs: 60_000 });
      expect(await kv.compareAndSet(key('cas'), 'other', 'two')).toBe(false);
      expect(await kv.get(key('cas'))).toBe('one');
      expect(await kv.compareAndSet(key('cas'), 'one', 'two', { ttlMs: 120_000 })).toBe(true);
      expect(await kv.get(key('cas'))).toBe('two');
      expect(await kv.ttl(key('cas'))).toBeGreaterThan(110_000);
      expect(await kv.compareAndSet(key('cas'), 'two', 'three')).toBe(true);
      expect(await kv.ttl(key('cas'))).toBeNull();

      await kv.set(key('gone'), 'one');
      await kv.delete(key('gone'));
      expect(await kv.compareAndSet(key('gone'), 'one', 'revived', { ttlMs: 60_000 })).toBe(false);
      expect(await kv.get(key('gone'))).toBeNull();
    });

    it('grants exactly one of many concurrent compare-and-sets from the same value', async () => {
      await kv.set(key('cas-race'), 'start');
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => kv.compareAndSet(key('cas-race'), 'start', String(i))));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('keeps sets of distinct members', async () => {
      await kv.addToSet(key('set'), 'a');
      await kv.addToSet(key('set'), 'b');
      await kv.addToSet(key('set'), 'a');
      expect((await kv.members(key('set'))).sort()).toEqual(['a', 'b']);
      await kv.removeFromSet(key('set'), 'a');
      await kv.removeFromSet(key('set'), 'zzz');
      expect(await kv.members(key('set'))).toEqual(['b']);
      expect(await kv.members(key('no-set'))).toEqual([]);
    });

    it('publishes to every subscriber of a channel until they unsubscribe', async () => {
      const channel = key('channel');
      const first: string[] = [];
      const second: string[] = [];
      const unsubscribeFirst = await kv.subscribe(channel, (m) => first.push(m));
      const unsubscribeSecond = await kv.subscribe(channel, (m) => second.push(m));
      await kv.publish(channel, 'hello');
      await kv.publish(key('other'), 'not for us');
      await eventually(() => {
        expect(first).toEqual(['hello']);
        expect(second).toEqual(['hello']);
      });
      await unsubscribeFirst();
      await kv.publish(channel, 'again');
      await eventually(() => expect(second).toEqual(['hello', 'again']));
      expect(first).toEqual(['hello']);
      await unsubscribeSecond();
    });

    if (options.reopen) {
      const reopen = async () => {
        await kv.close();
        kv = await options.reopen!();
      };

      it('keeps strings, sets, counters and times to live across a close and reopen', async () => {
        await kv.set(key('plain'), 'kept');
        await kv.set(key('session'), 'alive', { ttlMs: 60_000 });
        await kv.set(key('replaced'), 'first', { ttlMs: 60_000 });
        await kv.set(key('replaced'), 'second');
        await kv.increment(key('count'), { by: 3, ttlMs: 60_000 });
        await kv.incrementIfExists(key('count'), -1);
        await kv.set(key('cas'), 'one');
        await kv.compareAndSet(key('cas'), 'one', 'two', { ttlMs: 120_000 });
        await kv.addToSet(key('set'), 'a');
        await kv.addToSet(key('set'), 'b');
        await kv.addToSet(key('set'), 'c');
        await kv.removeFromSet(key('set'), 'b');
        await kv.addToSet(key('emptied'), 'x');
        await kv.removeFromSet(key('emptied'), 'x');
        await kv.set(key('deleted'), 'gone');
        await kv.delete(key('deleted'));
        const sessionTtl = (await kv.ttl(key('session')))!;

        await reopen();
        expect(await kv.get(key('plain'))).toBe('kept');
        expect(await kv.ttl(key('plain'))).toBeNull();
        expect(await kv.get(key('session'))).toBe('alive');
        expect(await kv.ttl(key('session'))).toBeLessThanOrEqual(sessionTtl);
        expect(await kv.ttl(key('session'))).toBeGreaterThan(50_000);
        expect(await kv.get(key('replaced'))).toBe('second');
        expect(await kv.ttl(key('replaced'))).toBeNull();
        expect(await kv.get(key('count'))).toBe('2');
        expect(await kv.ttl(key('count'))).toBeGreaterThan(50_000);
        expect(await kv.increment(key('count'))).toBe(3);
        expect(await kv.get(key('cas'))).toBe('two');
        expect(await kv.ttl(key('cas'))).toBeGreaterThan(110_000);
        expect((await kv.members(key('set'))).sort()).toEqual(['a', 'c']);
        expect(await kv.members(key('emptied'))).toEqual([]);
        expect(await kv.get(key('deleted'))).toBeNull();
        expect(await kv.set(key('session'), 'other', { onlyIfAbsent: true })).toBe(false);
      });

      it('does not bring back a key that expired, after a reopen', async () => {
        await kv.set(key('short'), 'v', { ttlMs: ttl });
        await kv.increment(key('window'), { ttlMs: ttl });
        await kv.set(key('long'), 'v', { ttlMs: 10 * 60_000 });
        await expire(async () => expect(await kv.get(key('short'))).toBeNull());
        await reopen();
        expect(await kv.get(key('short'))).toBeNull();
        expect(await kv.ttl(key('short'))).toBeNull();
        expect(await kv.incrementIfExists(key('window'), -1)).toBeNull();
        expect(await kv.increment(key('window'), { ttlMs: ttl })).toBe(1);
        expect(await kv.get(key('long'))).toBe('v');
      });

      it('keeps the value each of many concurrent writes left behind, in their order', async () => {
        const granted = await Promise.all(Array.from({ length: 20 }, (_, i) => kv.set(key('lease'), String(i), { onlyIfAbsent: true, ttlMs: 60_000 })));
        const counts = await Promise.all(Array.from({ length: 30 }, () => kv.increment(key('burst'))));
        await Promise.all(Array.from({ length: 10 }, (_, i) => kv.addToSet(key('members'), `m${i}`)));
        await reopen();
        expect(await kv.get(key('lease'))).toBe(String(granted.indexOf(true)));
        expect(await kv.get(key('burst'))).toBe(String(Math.max(...counts)));
        expect((await kv.members(key('members'))).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `m${i}`).sort());
      });
    }
  });
}
