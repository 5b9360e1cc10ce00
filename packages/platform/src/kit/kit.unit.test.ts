import { randomUUID } from 'node:crypto';
import { InProcessEventStore, InProcessReadModelStore, MemoryCheckpointStore } from '../inprocess';
import { createLogger } from '../logging';
import { WrongExpectedVersionError, type EventStore, type StoredEvent } from '../ports';
import { deciderSpecification } from '../testing/deciderSpecification';
import { handleCommand, handleCommandsTogether, loadStream, CONCURRENT_CHANGE_MESSAGE, type CommandContext } from './commandHandler';
import type { Decider } from '../domain/decider';
import { createProjection, ERASE, versionedRows, type VersionedRow } from './projection';
import { RuleViolation } from '../domain/ruleViolation';
import { SerialNumbers } from './sequence';
import { eventually } from '../testing';

const logger = createLogger('kit-test', { env: { LOG_LEVEL: 'silent' } });

// A tiny counter aggregate: enough to exercise the kit without any service.
type CounterEvent = { type: 'Added'; data: { amount: number } } | { type: 'Closed'; data: Record<string, never> };
type CounterCommand = { type: 'Add'; amount: number } | { type: 'Close' };
interface Counter {
  total: number;
  closed: boolean;
}
const counter: Decider<CounterCommand, Counter, CounterEvent> = {
  initialState: () => ({ total: 0, closed: false }),
  decide(command, state) {
    if (state.closed) throw new RuleViolation('CONFLICT', 'closed');
    if (command.type === 'Close') return [{ type: 'Closed', data: {} }];
    if (command.amount === 0) return [];
    if (state.total + command.amount > 10) throw new RuleViolation('BAD_USER_INPUT', 'too much', { field: 'amount' });
    return [{ type: 'Added', data: { amount: command.amount } }];
  },
  evolve(state, event) {
    return event.type === 'Added' ? { ...state, total: state.total + event.data.amount } : { ...state, closed: true };
  },
};
/** The same log seen through handles of its own, as two processes would see one database (their commands do not take turns). */
const processViewOf = (inner: EventStore): EventStore => ({
  append: (streamId, events, options) => inner.append(streamId, events, options),
  appendToStreams: (appends) => inner.appendToStreams(appends),
  readStream: (id, options) => inner.readStream(id, options),
  readAll: (options) => inner.readAll(options),
  subscribeToAll: (after, handler) => inner.subscribeToAll(after, handler),
  close: () => inner.close(),
});
const context = (): CommandContext => ({ now: new Date('2026-11-23T21:00:00Z'), newEventId: randomUUID });

describe('deciderSpecification', () => {
  const spec = deciderSpecification(counter);
  it('checks the events a command decides from past events', () => {
    spec.given([{ type: 'Added', data: { amount: 4 } }]).when({ type: 'Add', amount: 6 }).then([{ type: 'Added', data: { amount: 6 } }]);
    expect(() => spec.given([]).when({ type: 'Add', amount: 1 }).then([])).toThrow();
  });
  it('checks refusals and no-ops', () => {
    spec.given([{ type: 'Added', data: { amount: 9 } }]).when({ type: 'Add', amount: 2 }).thenThrows((error) => expect(error).toBeInstanceOf(RuleViolation));
    spec.given([]).when({ type: 'Add', amount: 0 }).thenNothingHappens();
    expect(() => spec.given([]).when({ type: 'Add', amount: 1 }).thenThrows(() => undefined)).toThrow(/expected an error/);
  });
});

describe('handleCommand', () => {
  it('appends what the decider decides with the version it read, and folds the new state', async () => {
    const store = new InProcessEventStore();
    await handleCommand({ eventStore: store, streamId: 'counter-1', decider: counter, command: { type: 'Add', amount: 3 }, context: context() });
    const second = await handleCommand({ eventStore: store, streamId: 'counter-1', decider: counter, command: { type: 'Add', amount: 4 }, context: context() });
    expect(second.state.total).toBe(7);
    expect(second.version).toBe(2);
    const stored = await store.readStream('counter-1');
    expect(stored.map((event) => [event.type, event.data, event.occurredAt])).toEqual([
      ['Added', { amount: 3 }, '2026-11-23T21:00:00.000Z'],
      ['Added', { amount: 4 }, '2026-11-23T21:00:00.000Z'],
    ]);
  });

  it('appends nothing and answers the current state when the decider decides nothing', async () => {
    const store = new InProcessEventStore();
    const result = await handleCommand({ eventStore: store, streamId: 'counter-1', decider: counter, command: { type: 'Add', amount: 0 }, context: context() });
    expect(result).toEqual({ state: { total: 0, closed: false }, events: [], version: 0, lastGlobalPosition: 0 });
  });

  it('decides again against the new state after a concurrent append by another process, so parallel commands both count or the rule refuses', async () => {
    const store = new InProcessEventStore();
    const processes = [processViewOf(store), processViewOf(store), processViewOf(store), processViewOf(store)];
    const results = await Promise.allSettled(
      processes.map((eventStore) => handleCommand({ eventStore, streamId: 'counter-1', decider: counter, command: { type: 'Add', amount: 3 }, context: context(), random: () => 0.5 })),
    );
    const stored = await store.readStream('counter-1');
    expect(stored).toHaveLength(3);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toEqual(expect.objectContaining({ code: 'BAD_USER_INPUT' }));
  });

  it('lets parallel commands on one stream of one process take turns, so none conflicts however many arrive at once', async () => {
    const store = new InProcessEventStore();
    let conflicts = 0;
    const counting: EventStore = {
      ...processViewOf(store),
      appendToStreams: (appends) =>
        store.appendToStreams(appends).catch((error: unknown) => {
          if (error instanceof WrongExpectedVersionError) conflicts++;
          throw error;
        }),
    };
    const results = await Promise.all(
      Array.from({ length: 45 }, () => handleCommand({ eventStore: counting, streamId: 'counter-1', decider: counter, command: { type: 'Add', amount: 0.1 }, context: context(), conflicts: { attempts: 1, baseDelayMs: 1 } })),
    );
    expect(conflicts).toBe(0);
    expect(results.map((result) => result.version)).toEqual(Array.from({ length: 45 }, (_, index) => index + 1));
  });

  it('answers CONFLICT with a clear message when the attempts run out', async () => {
    const inner = new InProcessEventStore();
    let appends = 0;
    const alwaysConflicting: EventStore = {
      ...inner,
      readStream: (id) => inner.readStream(id),
      readAll: (options) => inner.readAll(options),
      subscribeToAll: (after, handler) => inner.subscribeToAll(after, handler),
      close: () => inner.close(),
      append: async (streamId) => {
        appends++;
        throw new WrongExpectedVersionError(streamId, 0, 1);
      },
      appendToStreams: async ([first]) => {
        appends++;
        throw new WrongExpectedVersionError(first!.streamId, 0, 1);
      },
    };
    const attempt = handleCommand({ eventStore: alwaysConflicting, streamId: 'counter-1', decider: counter, command: { type: 'Add', amount: 1 }, context: context(), conflicts: { attempts: 3, baseDelayMs: 1 } });
    await expect(attempt).rejects.toEqual(expect.objectContaining({ code: 'CONFLICT', message: CONCURRENT_CHANGE_MESSAGE }));
    expect(appends).toBe(3);
  });

  it('lets other errors through at once', async () => {
    const store = new InProcessEventStore();
    await handleCommand({ eventStore: store, streamId: 'counter-1', decider: counter, command: { type: 'Close' }, context: context() });
    await expect(handleCommand({ eventStore: store, streamId: 'counter-1', decider: counter, command: { type: 'Add', amount: 1 }, context: context() })).rejects.toThrow('closed');
  });
});

interface TotalRow extends VersionedRow {
  total: number;
}

describe('loadStream', () => {
  const keptCounter: Decider<CounterCommand, Counter, CounterEvent> = { ...counter, stateWithoutPersonalData: true };
  /** A process's view of a store that notes the version each stream read starts from. */
  const watchingReads = () => {
    const store = new InProcessEventStore();
    const reads: Array<number | undefined> = [];
    const watched: EventStore = { ...processViewOf(store), readStream: (id, options) => (reads.push(options?.fromVersion), store.readStream(id, options)) };
    return { store, watched, reads };
  };

  it('keeps the folded state of a decider whose state holds no personal data, once its stream has four events, and reads only the events appended since, by any process', async () => {
    const { store, watched, reads } = watchingReads();
    for (const amount of [1, 1, 1, 1, 1]) await handleCommand({ eventStore: watched, streamId: 'counter-1', decider: keptCounter, command: { type: 'Add', amount }, context: context() });
    // Another process appends meanwhile: the next load reads it and folds it on top.
    await handleCommand({ eventStore: processViewOf(store), streamId: 'counter-1', decider: counter, command: { type: 'Add', amount: 2 }, context: context() });
    const loaded = await loadStream(watched, 'counter-1', keptCounter);
    expect(loaded).toEqual({ state: { total: 7, closed: false }, version: 6 });
    // Three events are read again whole; from the fourth on, the state is kept.
    expect(reads).toEqual([undefined, undefined, undefined, undefined, 5, 6]);
  });

  it('reads every event each time for a decider that does not say its state holds no personal data', async () => {
    const { watched, reads } = watchingReads();
    await handleCommand({ eventStore: watched, streamId: 'counter-1', decider: counter, command: { type: 'Add', amount: 1 }, context: context() });
    await handleCommand({ eventStore: watched, streamId: 'counter-1', decider: counter, command: { type: 'Add', amount: 2 }, context: context() });
    expect(reads).toEqual([undefined, undefined]);
  });
});

describe('handleCommandsTogether', () => {
  /** Adds to `from` and, when that decided something, the same to `to`: one write. */
  const transfer = (eventStore: EventStore, amount: number, options: { random?: () => number } = {}) =>
    handleCommandsTogether({
      eventStore,
      streamIds: ['counter-to', 'counter-from'],
      context: context(),
      ...options,
      decide: async (together) => {
        const from = await together.decide('counter-from', counter, { type: 'Add', amount });
        const to = from.events.length > 0 ? await together.decide('counter-to', counter, { type: 'Add', amount }) : null;
        return { from, to };
      },
    });

  it('appends what every command decided in one write, later commands deciding on what earlier ones did', async () => {
    const store = new InProcessEventStore();
    let writes = 0;
    const counting: EventStore = { ...processViewOf(store), appendToStreams: (appends) => (writes++, store.appendToStreams(appends)) };
    const { value, lastGlobalPosition } = await transfer(counting, 4);
    expect(writes).toBe(1);
    expect([value.from.state.total, value.to!.state.total]).toEqual([4, 4]);
    expect([value.from.lastGlobalPosition, value.to!.lastGlobalPosition]).toEqual([1, 2]);
    expect(lastGlobalPosition).toBe(2);
    expect((await transfer(counting, 0)).value.to).toBeNull();
    expect(writes).toBe(1);
  });

  it('stores nothing of any stream when one command refuses', async () => {
    const store = new InProcessEventStore();
    await handleCommand({ eventStore: store, streamId: 'counter-to', decider: counter, command: { type: 'Add', amount: 8 }, context: context() });
    await expect(transfer(store, 4)).rejects.toEqual(expect.objectContaining({ code: 'BAD_USER_INPUT' }));
    expect(await store.readStream('counter-from')).toEqual([]);
  });

  it('decides every command again after a concurrent append by another process to any of the streams', async () => {
    const store = new InProcessEventStore();
    const processes = [processViewOf(store), processViewOf(store), processViewOf(store)];
    const results = await Promise.allSettled(processes.map((eventStore) => transfer(eventStore, 3, { random: () => 0.5 })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect((await store.readStream('counter-from')).map((event) => event.streamVersion)).toEqual([1, 2, 3]);
    expect((await store.readStream('counter-to')).map((event) => event.streamVersion)).toEqual([1, 2, 3]);
  });

  it('refuses a command on a stream it did not take its turn on', async () => {
    const store = new InProcessEventStore();
    const stray = handleCommandsTogether({ eventStore: store, streamIds: ['counter-1'], context: context(), decide: (together) => together.decide('counter-2', counter, { type: 'Add', amount: 1 }) });
    await expect(stray).rejects.toThrow(/not among the streams/);
  });
});

describe('createProjection', () => {
  const setUp = async () => {
    const store = new InProcessEventStore();
    const readModels = new InProcessReadModelStore();
    const rows = versionedRows(readModels.collection<TotalRow>('totals'));
    const checkpoints = new MemoryCheckpointStore();
    const apply = async (event: StoredEvent) => {
      const data = event.data as { amount?: number };
      await rows.apply(event.streamId, event.streamVersion, (current) => (event.type === 'Closed' ? ERASE : { total: (current?.total ?? 0) + (data.amount ?? 0) }));
    };
    return { store, readModels, rows, checkpoints, apply };
  };
  const append = (store: EventStore, streamId: string, type: string, data: object) =>
    store.append(streamId, [{ id: randomUUID(), type, occurredAt: new Date().toISOString(), data }], { expectedVersion: 'any' });

  it('catches up on start, follows new events, and waitFor gives read-your-writes', async () => {
    const { store, rows, checkpoints, apply } = await setUp();
    await append(store, 'a', 'Added', { amount: 2 });
    const projection = createProjection({ name: 'totals', eventStore: store, checkpoints, apply, logger });
    await projection.start();
    expect(projection.caughtUp()).toBe(true);
    expect(await rows.get('a')).toEqual(expect.objectContaining({ total: 2, version: 1 }));
    const { lastGlobalPosition } = await append(store, 'a', 'Added', { amount: 5 });
    expect(await projection.waitFor(lastGlobalPosition)).toBe(true);
    expect((await rows.get('a'))?.total).toBe(7);
    // The checkpoint follows behind the work.
    await eventually(async () => expect(await checkpoints.load('projection:totals')).toBe(lastGlobalPosition));
    await projection.stop();
  });

  it('saves its checkpoint behind the work, not once per event, and the last position at the stop', async () => {
    const { store, checkpoints, apply } = await setUp();
    const saves: number[] = [];
    const counting = { load: (name: string) => checkpoints.load(name), save: async (name: string, position: number) => void saves.push(position), close: async () => undefined };
    const projection = createProjection({ name: 'totals', eventStore: store, checkpoints: counting, apply, logger, checkpointEveryMs: 60_000 });
    await projection.start();
    let last = 0;
    for (let i = 0; i < 20; i++) last = (await append(store, `s${i}`, 'Added', { amount: 1 })).lastGlobalPosition;
    expect(await projection.waitFor(last)).toBe(true);
    expect(saves.length).toBeLessThanOrEqual(1);
    await projection.stop();
    expect(saves.at(-1)).toBe(last);
  });

  it('answers false from waitFor when the projection does not get there in time', async () => {
    const { store, checkpoints, apply } = await setUp();
    const projection = createProjection({ name: 'totals', eventStore: store, checkpoints, apply, logger });
    await projection.start();
    expect(await projection.waitFor(99, 20)).toBe(false);
    await projection.stop();
  });

  it('ends a replay from the start exactly where the first run ended, erasures included', async () => {
    const { store, readModels, checkpoints, apply } = await setUp();
    await append(store, 'a', 'Added', { amount: 2 });
    await append(store, 'b', 'Added', { amount: 1 });
    await append(store, 'a', 'Added', { amount: 3 });
    await append(store, 'b', 'Closed', {});
    const first = createProjection({ name: 'totals', eventStore: store, checkpoints, apply, logger });
    await first.start();
    await first.stop();
    const totals = readModels.collection<TotalRow>('totals');
    const afterFirstRun = await totals.find({}, { sort: { _id: 1 } });
    expect(afterFirstRun).toEqual([
      { _id: 'a', total: 5, version: 2 },
      { _id: 'b', version: 2, erased: true },
    ]);

    // The checkpoint lost (a crash before the save, or a deliberate rebuild): every event comes again.
    await checkpoints.save('projection:totals', 0);
    const replay = createProjection({ name: 'totals', eventStore: store, checkpoints, apply, logger });
    await replay.start();
    await replay.stop();
    expect(await totals.find({}, { sort: { _id: 1 } })).toEqual(afterFirstRun);
    expect(await versionedRows(totals).get('b')).toBeNull();
  });

  it('starts again from the first event when its revision is raised, so old documents get what new code writes', async () => {
    const { store, readModels, checkpoints } = await setUp();
    const counts = readModels.collection<{ _id: string; events: number; largest?: number }>('counts');
    await append(store, 'a', 'Added', { amount: 2 });
    await append(store, 'a', 'Added', { amount: 9 });
    const oldCode = async (event: StoredEvent) => {
      const row = await counts.get(event.streamId);
      await counts.upsert({ _id: event.streamId, events: (row?.events ?? 0) + 1 });
    };
    const first = createProjection({ name: 'counts', eventStore: store, checkpoints, apply: oldCode, logger });
    await first.start();
    await first.stop();
    expect(await counts.get('a')).toEqual({ _id: 'a', events: 2 });

    // The new code also keeps the largest amount, which the old rows lack.
    const newCode = async (event: StoredEvent) => {
      const amount = (event.data as { amount: number }).amount;
      const row = await counts.get(event.streamId);
      await counts.upsert({ _id: event.streamId, events: row?.events ?? 1, largest: Math.max(row?.largest ?? 0, amount) });
    };
    const sameRevision = createProjection({ name: 'counts', eventStore: store, checkpoints, apply: newCode, logger });
    await sameRevision.start();
    await sameRevision.stop();
    expect((await counts.get('a'))?.largest).toBeUndefined();

    const raised = createProjection({ name: 'counts', revision: 2, eventStore: store, checkpoints, apply: newCode, logger });
    await raised.start();
    expect(await counts.get('a')).toEqual({ _id: 'a', events: 2, largest: 9 });
    await raised.stop();
    expect(await checkpoints.load('projection:counts@2')).toBe(raised.position);
  });
});

describe('SerialNumbers', () => {
  it('hands out 1, 2, 3... across instances and in parallel, never the same number twice', async () => {
    const store = new InProcessEventStore();
    const a = new SerialNumbers(store, 'match-ids');
    const b = new SerialNumbers(store, 'match-ids');
    const numbers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).next(context())));
    expect([...numbers].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await new SerialNumbers(store, 'match-ids').next(context())).toBe(21);
  });

  it('takes the parallel calls of one instance in turn, so they never conflict with each other', async () => {
    const store = new InProcessEventStore();
    let conflicts = 0;
    const counting: EventStore = Object.assign(Object.create(store) as EventStore, {
      append: (...args: Parameters<EventStore['append']>) =>
        store.append(...args).catch((error: unknown) => {
          if (error instanceof WrongExpectedVersionError) conflicts += 1;
          throw error;
        }),
    });
    const numbers = new SerialNumbers(counting, 'match-ids');
    const drawn = await Promise.all(Array.from({ length: 100 }, () => numbers.next(context())));
    expect([...drawn].sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(conflicts).toBe(0);
  });
});
