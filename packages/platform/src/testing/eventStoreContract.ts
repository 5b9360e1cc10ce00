import { WrongExpectedVersionError, type EventStore, type NewEvent, type StoredEvent } from '../ports';
import { eventually, uniqueSuffix } from './eventually';

export interface StoreContractOptions<T> {
  /** Persistent implementations: a new instance over the storage of the last one made (closed first). */
  reopen?: () => T | Promise<T>;
  /** Per-test timeout for implementations behind a network (default jest's). */
  timeoutMs?: number;
}

let counter = 0;
export const newEvent = (type = 'Happened', data: unknown = {}): NewEvent => ({
  id: `evt-${uniqueSuffix()}-${++counter}`,
  type,
  occurredAt: new Date().toISOString(),
  data,
});

/** Behaviour every EventStore must have. `makeStore` answers a fresh, empty store. */
export function eventStoreContract(name: string, makeStore: () => EventStore | Promise<EventStore>, options: StoreContractOptions<EventStore> = {}): void {
  describe(`EventStore contract: ${name}`, () => {
    if (options.timeoutMs) jest.setTimeout(options.timeoutMs);
    let store: EventStore;
    const open: EventStore[] = [];
    const track = (s: EventStore) => (open.push(s), s);
    // Streams are unique per test so stores on shared servers need no cleaning.
    const stream = (label: string) => `${label}-${uniqueSuffix()}`;

    beforeEach(async () => {
      store = track(await makeStore());
    }, options.timeoutMs);
    afterEach(async () => {
      await Promise.all(open.splice(0).map((s) => s.close()));
    }, options.timeoutMs);

    it('appends to a new stream and reads it back in order with versions from 1', async () => {
      const id = stream('user');
      const events = [newEvent('A', { n: 1 }), newEvent('B', { n: 2 }), newEvent('C', { n: 3 })];
      const result = await store.append(id, events, { expectedVersion: 0 });
      expect(result.nextExpectedVersion).toBe(3);
      const read = await store.readStream(id);
      expect(read.map((e) => [e.id, e.type, e.streamId, e.streamVersion, e.data])).toEqual([
        [events[0]!.id, 'A', id, 1, { n: 1 }],
        [events[1]!.id, 'B', id, 2, { n: 2 }],
        [events[2]!.id, 'C', id, 3, { n: 3 }],
      ]);
      expect(result.lastGlobalPosition).toBe(read[2]!.globalPosition);
    });

    it('stores an event as it was appended: what the caller changes afterwards, or in what it read, is not stored', async () => {
      const id = stream('copy');
      const event = newEvent('A', { tags: ['night'] });
      await store.append(id, [event], { expectedVersion: 0 });
      (event.data as { tags: string[] }).tags.push('changed after');
      const [read] = await store.readStream(id);
      expect(read!.data).toEqual({ tags: ['night'] });
      (read!.data as { tags: string[] }).tags.push('changed in a read');
      expect((await store.readStream(id))[0]!.data).toEqual({ tags: ['night'] });
    });

    it('answers an empty array for a stream that does not exist', async () => {
      expect(await store.readStream(stream('nobody'))).toEqual([]);
    });

    it('keeps metadata and defaults schemaVersion to 1', async () => {
      const id = stream('meta');
      await store.append(id, [{ ...newEvent(), metadata: { correlationId: 'c1', actorId: 7 } }, { ...newEvent(), schemaVersion: 3 }], { expectedVersion: 0 });
      const [first, second] = await store.readStream(id);
      expect(first!.metadata).toEqual({ correlationId: 'c1', actorId: 7 });
      expect(first!.schemaVersion).toBe(1);
      expect(second!.schemaVersion).toBe(3);
    });

    it('rejects a second claim on a new stream with WrongExpectedVersionError', async () => {
      const id = stream('username-luna');
      await store.append(id, [newEvent('Claimed')], { expectedVersion: 0 });
      const error = await store.append(id, [newEvent('Claimed')], { expectedVersion: 0 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(error).toMatchObject({ streamId: id, expected: 0, actual: 1 });
      expect(await store.readStream(id)).toHaveLength(1);
    });

    it('rejects a stale expected version and appends nothing of the batch', async () => {
      const id = stream('user');
      await store.append(id, [newEvent(), newEvent()], { expectedVersion: 0 });
      await expect(store.append(id, [newEvent(), newEvent()], { expectedVersion: 1 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(store.append(id, [newEvent()], { expectedVersion: 3 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      const next = await store.append(id, [newEvent()], { expectedVersion: 2 });
      expect(next.nextExpectedVersion).toBe(3);
      expect((await store.readStream(id)).map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    });

    it("appends with expectedVersion 'any' whatever the stream holds", async () => {
      const id = stream('log');
      await store.append(id, [newEvent()], { expectedVersion: 'any' });
      const result = await store.append(id, [newEvent(), newEvent()], { expectedVersion: 'any' });
      expect(result.nextExpectedVersion).toBe(3);
    });

    it('lets exactly one of many concurrent appends at the same version win', async () => {
      const id = stream('pair');
      const attempts = await Promise.allSettled(Array.from({ length: 8 }, () => store.append(id, [newEvent('Liked')], { expectedVersion: 0 })));
      expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
      for (const attempt of attempts) if (attempt.status === 'rejected') expect(attempt.reason).toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.readStream(id)).toHaveLength(1);
    });

    it('gives every event a strictly increasing global position and pages through readAll', async () => {
      const start = (await store.append(stream('x'), [newEvent()], { expectedVersion: 0 })).lastGlobalPosition;
      const a = stream('a');
      const b = stream('b');
      await store.append(a, [newEvent('A1')], { expectedVersion: 0 });
      await store.append(b, [newEvent('B1'), newEvent('B2')], { expectedVersion: 0 });
      await store.append(a, [newEvent('A2')], { expectedVersion: 1 });
      const page1 = await store.readAll({ after: start, limit: 2 });
      const page2 = await store.readAll({ after: page1[1]!.globalPosition, limit: 10 });
      const ours = [...page1, ...page2].filter((e) => e.streamId === a || e.streamId === b);
      expect(ours.map((e) => e.type)).toEqual(['A1', 'B1', 'B2', 'A2']);
      const positions = [...page1, ...page2].map((e) => e.globalPosition);
      expect(positions).toEqual([...positions].sort((x, y) => x - y));
      expect(new Set(positions).size).toBe(positions.length);
      expect(positions[0]).toBeGreaterThan(start);
    });

    describe('a write to several streams (appendToStreams)', () => {
      it('stores every stream\'s events at once, at consecutive positions in the order given', async () => {
        const [night, pair] = [stream('night'), stream('pair')];
        await store.append(pair, [newEvent('Before')], { expectedVersion: 0 });
        const results = await store.appendToStreams([
          { streamId: night, events: [newEvent('Recorded', { n: 1 })], expectedVersion: 0 },
          { streamId: pair, events: [newEvent('Swiped', { n: 2 }), newEvent('Matched', { n: 3 })], expectedVersion: 1 },
        ]);
        expect(results.map((result) => result.nextExpectedVersion)).toEqual([1, 3]);
        expect(results[1]!.lastGlobalPosition).toBe(results[0]!.lastGlobalPosition + 2);
        expect((await store.readStream(night)).map((e) => [e.type, e.streamVersion, e.globalPosition, e.data])).toEqual([['Recorded', 1, results[0]!.lastGlobalPosition, { n: 1 }]]);
        expect((await store.readStream(pair)).map((e) => [e.type, e.streamVersion])).toEqual([['Before', 1], ['Swiped', 2], ['Matched', 3]]);
        const all = await store.readAll({ after: results[0]!.lastGlobalPosition - 1, limit: 10 });
        expect(all.map((e) => [e.streamId, e.type])).toEqual([[night, 'Recorded'], [pair, 'Swiped'], [pair, 'Matched']]);
      });

      it('writes nothing of any stream when one stream\'s version is stale, and names that stream', async () => {
        const [night, pair] = [stream('night'), stream('pair')];
        await store.append(pair, [newEvent('Taken')], { expectedVersion: 0 });
        const error = await store
          .appendToStreams([
            { streamId: night, events: [newEvent('Recorded')], expectedVersion: 0 },
            { streamId: pair, events: [newEvent('Swiped')], expectedVersion: 0 },
          ])
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedVersionError);
        expect(error).toMatchObject({ streamId: pair, expected: 0, actual: 1 });
        expect(await store.readStream(night)).toEqual([]);
        const results = await store.appendToStreams([
          { streamId: night, events: [newEvent('Recorded')], expectedVersion: 0 },
          { streamId: pair, events: [newEvent('Swiped')], expectedVersion: 1 },
        ]);
        expect(results.map((result) => result.nextExpectedVersion)).toEqual([1, 2]);
      });

      it('lets exactly one of many concurrent writes that share a stream version win, leaving nothing of the losers in their other streams', async () => {
        const pair = stream('pair');
        const nights = Array.from({ length: 6 }, (_, i) => stream(`night${i}`));
        const attempts = await Promise.allSettled(
          nights.map((night) =>
            store.appendToStreams([
              { streamId: night, events: [newEvent('Recorded')], expectedVersion: 0 },
              { streamId: pair, events: [newEvent('Swiped', { night })], expectedVersion: 0 },
            ]),
          ),
        );
        expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
        for (const attempt of attempts) if (attempt.status === 'rejected') expect(attempt.reason).toBeInstanceOf(WrongExpectedVersionError);
        const [winner] = await store.readStream(pair);
        const written = await Promise.all(nights.map((night) => store.readStream(night)));
        expect(written.map((events) => events.length)).toEqual(nights.map((night) => (night === (winner!.data as { night: string }).night ? 1 : 0)));
        // Readers of the whole log see the winner's write and nothing of the losers'.
        const all = await store.readAll({ after: 0, limit: 100_000 });
        expect(all.filter((e) => nights.includes(e.streamId) || e.streamId === pair)).toHaveLength(2);
        // The losers' streams take their first event as if nothing had happened.
        await store.append(nights.find((night) => night !== (winner!.data as { night: string }).night)!, [newEvent('Later')], { expectedVersion: 0 });
      });

      it('refuses a stream named twice in one write, and a write to no stream', async () => {
        const id = stream('twice');
        await expect(store.appendToStreams([{ streamId: id, events: [newEvent()], expectedVersion: 0 }, { streamId: id, events: [newEvent()], expectedVersion: 0 }])).rejects.toThrow(/named twice/);
        await expect(store.appendToStreams([])).rejects.toThrow(/at least one stream/);
        expect(await store.readStream(id)).toEqual([]);
      });
    });

    it('reads a stream from a version on', async () => {
      const id = stream('user');
      await store.append(id, [newEvent('A'), newEvent('B'), newEvent('C')], { expectedVersion: 0 });
      expect((await store.readStream(id, { fromVersion: 2 })).map((e) => e.type)).toEqual(['B', 'C']);
    });

    it('delivers stored then new events to subscribeToAll in global order, one at a time', async () => {
      const start = (await store.append(stream('before'), [newEvent()], { expectedVersion: 0 })).lastGlobalPosition;
      const id = stream('sub');
      await store.append(id, [newEvent('S1'), newEvent('S2')], { expectedVersion: 0 });
      const seen: StoredEvent[] = [];
      let inHandler = 0;
      let overlapped = false;
      const subscription = store.subscribeToAll(start, async (event) => {
        if (++inHandler > 1) overlapped = true;
        await new Promise((resolve) => setImmediate(resolve));
        seen.push(event);
        inHandler--;
      });
      try {
        await store.append(id, [newEvent('S3')], { expectedVersion: 2 });
        await eventually(() => expect(seen.filter((e) => e.streamId === id).map((e) => e.type)).toEqual(['S1', 'S2', 'S3']), { timeoutMs: 10_000 });
        const positions = seen.map((e) => e.globalPosition);
        expect(positions).toEqual([...positions].sort((x, y) => x - y));
        expect(positions[0]).toBeGreaterThan(start);
        expect(overlapped).toBe(false);
      } finally {
        await subscription.stop();
      }
    });

    it('redelivers the same event to a subscriber whose handler failed, skipping nothing', async () => {
      const start = (await store.append(stream('before'), [newEvent()], { expectedVersion: 0 })).lastGlobalPosition;
      const id = stream('retry');
      await store.append(id, [newEvent('R1'), newEvent('R2')], { expectedVersion: 0 });
      const attempts: string[] = [];
      let failed = false;
      const subscription = store.subscribeToAll(start, async (event) => {
        if (event.streamId !== id) return;
        attempts.push(event.type);
        if (event.type === 'R1' && !failed) {
          failed = true;
          throw new Error('transient');
        }
      });
      try {
        await eventually(() => expect(attempts).toEqual(['R1', 'R1', 'R2']), { timeoutMs: 10_000 });
      } finally {
        await subscription.stop();
      }
    });

    it('stops delivering after stop()', async () => {
      const start = (await store.append(stream('before'), [newEvent()], { expectedVersion: 0 })).lastGlobalPosition;
      const seen: StoredEvent[] = [];
      const subscription = store.subscribeToAll(start, async (event) => void seen.push(event));
      const id = stream('stop');
      await store.append(id, [newEvent()], { expectedVersion: 0 });
      await eventually(() => expect(seen.some((e) => e.streamId === id)).toBe(true));
      await subscription.stop();
      const count = seen.length;
      await store.append(id, [newEvent()], { expectedVersion: 1 });
      // Wait for something observable: a second subscription sees the event, the stopped one must not.
      const after: StoredEvent[] = [];
      const probe = store.subscribeToAll(start, async (event) => void after.push(event));
      await eventually(() => expect(after.filter((e) => e.streamId === id)).toHaveLength(2));
      await probe.stop();
      expect(seen).toHaveLength(count);
    });

    if (options.reopen) {
      const reopen = options.reopen;
      it('keeps every appended event across a close and reopen', async () => {
        const id = stream('durable');
        await store.append(id, [newEvent('D1'), newEvent('D2')], { expectedVersion: 0 });
        const last = (await store.append(id, [newEvent('D3')], { expectedVersion: 2 })).lastGlobalPosition;
        await store.close();
        open.splice(open.indexOf(store), 1);
        const reopened = track(await reopen());
        expect((await reopened.readStream(id)).map((e) => e.type)).toEqual(['D1', 'D2', 'D3']);
        await expect(reopened.append(id, [newEvent()], { expectedVersion: 2 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
        const next = await reopened.append(id, [newEvent('D4')], { expectedVersion: 3 });
        expect(next.lastGlobalPosition).toBeGreaterThan(last);
      });

      it('keeps a write to several streams across a close and reopen', async () => {
        const [night, pair] = [stream('night'), stream('pair')];
        await store.appendToStreams([
          { streamId: night, events: [newEvent('Recorded')], expectedVersion: 0 },
          { streamId: pair, events: [newEvent('Swiped')], expectedVersion: 0 },
        ]);
        await store.close();
        open.splice(open.indexOf(store), 1);
        const reopened = track(await reopen());
        expect((await reopened.readStream(night)).map((e) => e.type)).toEqual(['Recorded']);
        expect((await reopened.readStream(pair)).map((e) => e.type)).toEqual(['Swiped']);
        await expect(reopened.append(pair, [newEvent()], { expectedVersion: 0 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      });
    }
  });
}
