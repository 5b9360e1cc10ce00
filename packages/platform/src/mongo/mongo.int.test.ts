import mongoose, { type mongo } from 'mongoose';
import { blobStoreContract, eventStoreContract, eventually, readModelContract, uniqueSuffix } from '../testing';
import { newEvent } from '../testing/eventStoreContract';
import { WrongExpectedVersionError, type IndexSpec, type StoredEvent } from '../ports';
import { GridFsBlobStore, MongoCheckpointStore, MongoEventStore, MongoReadModelStore } from '.';

// Needs a MongoDB-compatible server: `npm run infra:up`, then MONGODB_URI=mongodb://127.0.0.1:27017.
const uri = process.env.MONGODB_URI;
const d = uri ? describe : describe.skip;

/** The database with the `events` collection's `insertMany` replaced: how a test stops a writer at its insert. */
function interceptingEventInserts(
  db: mongo.Db,
  insertMany: (events: mongo.Collection, docs: mongo.OptionalId<mongo.Document>[], options?: mongo.BulkWriteOptions) => Promise<unknown>,
): mongo.Db {
  const bound = <T extends object>(target: T, key: string | symbol) => {
    const value = Reflect.get(target, key, target) as unknown;
    return typeof value === 'function' ? value.bind(target) : value;
  };
  const events = (collection: mongo.Collection) =>
    new Proxy(collection, {
      get: (target, key) => (key !== 'insertMany' ? bound(target, key) : (docs: mongo.OptionalId<mongo.Document>[], options?: mongo.BulkWriteOptions) => insertMany(target, docs, options)),
    });
  return new Proxy(db, {
    get: (target, key) => (key === 'collection' ? (name: string) => (name === 'events' ? events(target.collection(name)) : target.collection(name)) : bound(target, key)),
  });
}

d('MongoDB', () => {
  let connection: mongoose.Connection;
  const databases: string[] = [];
  let lastDatabase = '';
  const freshDb = () => {
    lastDatabase = `nocturne_test_${uniqueSuffix()}`;
    databases.push(lastDatabase);
    return connection.useDb(lastDatabase, { useCache: false }).db!;
  };
  const sameDb = () => connection.useDb(lastDatabase, { useCache: false }).db!;
  /** The filters of the finds on `events` that the store of the last fresh database sends from now on. */
  const eventFinds = () => {
    const databaseName = lastDatabase;
    const filters: Array<{ streamId?: unknown; _id?: { $gte?: number } }> = [];
    const listener = (event: mongo.CommandStartedEvent) => {
      const command = event.command as { find?: string; filter?: (typeof filters)[number] };
      if (event.databaseName === databaseName && event.commandName === 'find' && command.find === 'events') filters.push(command.filter ?? {});
    };
    connection.getClient().on('commandStarted', listener);
    return { filters, stop: () => void connection.getClient().off('commandStarted', listener) };
  };

  beforeAll(async () => {
    connection = await mongoose.createConnection(uri!, { serverSelectionTimeoutMS: 10_000, monitorCommands: true }).asPromise();
  });
  afterAll(async () => {
    for (const name of databases) await connection.useDb(name).dropDatabase().catch(() => undefined);
    await connection.close();
  });

  eventStoreContract('MongoDB', () => MongoEventStore.open(freshDb()), { reopen: () => MongoEventStore.open(sameDb()) });
  readModelContract('MongoDB', () => new MongoReadModelStore(freshDb()));
  blobStoreContract('GridFS', () => new GridFsBlobStore(freshDb()), { reopen: () => new GridFsBlobStore(sameDb()) });

  describe('read model indexes', () => {
    it('opens a collection again whose several indexes already exist, as every restart does', async () => {
      const indexes: IndexSpec[] = [{ fields: { latitude: 1, longitude: 1 } }, { fields: { onboarded: 1, gender: 1, age: 1 } }];
      const first = new MongoReadModelStore(freshDb());
      await first.collection<{ _id: string; age: number }>('candidates', { indexes }).upsert({ _id: '1', age: 30 });
      const restarted = new MongoReadModelStore(sameDb());
      expect(await restarted.collection<{ _id: string; age: number }>('candidates', { indexes }).get('1')).toEqual({ _id: '1', age: 30 });
    });
  });

  describe('what the adapters read from the server, answered as MongoDB answers it', () => {
    it('counts only the stored documents of a partly refused insertMany as inserted (the event store appends with it)', async () => {
      const events = freshDb().collection<{ _id: number }>('events');
      await events.insertOne({ _id: 3 });
      const ordered = await events.insertMany([{ _id: 1 }, { _id: 2 }, { _id: 3 }, { _id: 4 }], { ordered: true }).catch((error: unknown) => error);
      expect(ordered).toMatchObject({ code: 11000, insertedCount: 2 });
      const unordered = await events.insertMany([{ _id: 5 }, { _id: 3 }, { _id: 6 }], { ordered: false }).catch((error: unknown) => error);
      expect(unordered).toMatchObject({ code: 11000, insertedCount: 2 });
      expect((await events.find().sort({ _id: 1 }).toArray()).map((doc) => doc._id)).toEqual([1, 2, 3, 5, 6]);
    });

    it('refuses every append but one of a stream version, and leaves no position of the losers empty', async () => {
      const store = await MongoEventStore.open(freshDb(), { gapTimeoutMs: 60_000 });
      const attempts = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => store.append('pair-1', [newEvent(`Like${i}`)], { expectedVersion: 0 })));
      expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
      await store.append('after', [newEvent('After')], { expectedVersion: 0 });
      // Every position is an event or a void marker: a reader gets past them at once (the gap timeout is a minute).
      expect((await store.readAll({ after: 0, limit: 100 })).map((event) => event.streamId)).toEqual(['pair-1', 'after']);
      await store.close();
    });
  });

  it('reads no version before an append at the version it saw last, and still refuses a version another instance took, or one ahead', async () => {
    const db = freshDb();
    const finds = eventFinds();
    try {
      const [one, two] = [await MongoEventStore.open(db), await MongoEventStore.open(db)];
      await one.append('night-1', [newEvent('A')], { expectedVersion: 0 });
      await one.append('night-1', [newEvent('B')], { expectedVersion: 1 });
      await one.appendToStreams([
        { streamId: 'night-1', events: [newEvent('C')], expectedVersion: 2 },
        { streamId: 'pair-1', events: [newEvent('P')], expectedVersion: 0 },
      ]);
      expect(finds.filters.filter((filter) => filter.streamId !== undefined)).toEqual([]);
      // Another instance appends after reading the stream; the first one's next append, expecting what it
      // saw, is refused by the unique index, and so is a version ahead of the stream (read first).
      expect((await two.readStream('night-1')).map((event) => event.type)).toEqual(['A', 'B', 'C']);
      await two.append('night-1', [newEvent('D')], { expectedVersion: 3 });
      await expect(one.append('night-1', [newEvent('Late')], { expectedVersion: 3 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(one.append('night-1', [newEvent('Ahead')], { expectedVersion: 9 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect((await one.readStream('night-1')).map((event) => event.type)).toEqual(['A', 'B', 'C', 'D']);
      // Nothing of the refused appends holds up a reader of the log.
      expect((await one.readAll({ after: 0, limit: 100 })).map((event) => event.type)).toEqual(['A', 'B', 'C', 'P', 'D']);
      await one.close();
      await two.close();
    } finally {
      finds.stop();
    }
  });

  it('has the subscribers an append wakes together share one read of the log, and read it no more once at its end', async () => {
    const store = await MongoEventStore.open(freshDb(), { pollIntervalMs: 60_000, idlePollMaxMs: 60_000 });
    const finds = eventFinds();
    const logReads = () => finds.filters.filter((filter) => filter._id?.$gte !== undefined).length;
    try {
      // A service's projection and its relay.
      const seen: number[][] = [[], []];
      const subscriptions = seen.map((positions) => store.subscribeToAll(0, async (event) => void positions.push(event.globalPosition)));
      await eventually(() => expect(logReads()).toBe(1));
      for (let i = 1; i <= 10; i++) {
        await store.append(`s-${i}`, [newEvent('E')], { expectedVersion: 0 });
        await eventually(() => expect(seen.map((positions) => positions.length)).toEqual([i, i]));
      }
      // One read per append for both (each apart, each reading again to find the end: four).
      expect(logReads()).toBe(1 + 10);
      for (const subscription of subscriptions) await subscription.stop();
      await store.close();
    } finally {
      finds.stop();
    }
  });

  describe('global positions without transactions', () => {
    /**
     * The database as one writer sees it, whose first insert of events waits at a gate: a writer stopped
     * (or dead) between allocating its positions and inserting its events.
     */
    function stoppedBeforeInsert(db: mongo.Db): { db: mongo.Db; stopped: Promise<void>; goOn: () => void } {
      let goOn!: () => void;
      let reached!: () => void;
      const gate = new Promise<void>((resolve) => (goOn = resolve));
      const stopped = new Promise<void>((resolve) => (reached = resolve));
      let first = true;
      const gated = interceptingEventInserts(db, async (events, docs, options) => {
        if (first) {
          first = false;
          reached();
          await gate;
        }
        return events.insertMany(docs, options);
      });
      return { db: gated, stopped, goOn };
    }

    it('waits for a writer between allocating and inserting that goes on within the gap timeout: its event keeps its place', async () => {
      const writer = stoppedBeforeInsert(freshDb());
      const slow = await MongoEventStore.open(writer.db);
      const store = await MongoEventStore.open(sameDb(), { gapTimeoutMs: 60_000 });
      await store.append('s-1', [newEvent('One')], { expectedVersion: 0 });
      const late = slow.append('s-2', [newEvent('Two')], { expectedVersion: 0 });
      await writer.stopped;
      await store.append('s-3', [newEvent('Three')], { expectedVersion: 0 });
      expect((await store.readAll({ after: 0, limit: 10 })).map((e) => e.type)).toEqual(['One']);
      const seen: StoredEvent[] = [];
      const subscription = store.subscribeToAll(0, async (event) => void seen.push(event));
      await eventually(() => expect(seen.map((e) => e.type)).toEqual(['One']));
      writer.goOn();
      expect(await late).toMatchObject({ lastGlobalPosition: 2 });
      await eventually(() => expect(seen.map((e) => [e.type, e.globalPosition])).toEqual([['One', 1], ['Two', 2], ['Three', 3]]));
      await subscription.stop();
      await Promise.all([store.close(), slow.close()]);
    });

    it('holds readers up a fraction of a second behind a writer stopped between allocating and inserting; the late writer lands at a new position', async () => {
      const writer = stoppedBeforeInsert(freshDb());
      const slow = await MongoEventStore.open(writer.db);
      // As the services open it, with the default gap timeout.
      const store = await MongoEventStore.open(sameDb());
      await store.append('s-1', [newEvent('One')], { expectedVersion: 0 });
      const seen: Array<StoredEvent & { at: number }> = [];
      const subscription = store.subscribeToAll(0, async (event) => void seen.push({ ...event, at: Date.now() }));
      await eventually(() => expect(seen.map((e) => e.type)).toEqual(['One']));
      const late = slow.append('s-late', [newEvent('Late')], { expectedVersion: 0 });
      await writer.stopped;
      const appendedAt = Date.now();
      await store.append('s-3', [newEvent('Three')], { expectedVersion: 0 });
      await eventually(() => expect(seen.map((e) => e.type)).toEqual(['One', 'Three']));
      const heldUpMs = seen[1]!.at - appendedAt;
      // A fraction of a second on a busy machine (ten seconds before).
      expect(heldUpMs).toBeLessThan(2_000);
      expect(await sameDb().collection('events').findOne({ _id: 2 as never })).toMatchObject({ void: true });

      writer.goOn();
      expect(await late).toMatchObject({ nextExpectedVersion: 1, lastGlobalPosition: 4 });
      await eventually(() => expect(seen.map((e) => [e.type, e.globalPosition])).toEqual([['One', 1], ['Three', 3], ['Late', 4]]));
      expect((await store.readStream('s-late')).map((e) => e.type)).toEqual(['Late']);
      await subscription.stop();
      await Promise.all([store.close(), slow.close()]);
    });

    it('voids the positions of a conflicting append at once', async () => {
      const db = freshDb();
      const store = await MongoEventStore.open(db, { gapTimeoutMs: 60_000 });
      await store.append('claim', [newEvent('First')], { expectedVersion: 0 });
      await store.append('other', [newEvent('Other')], { expectedVersion: 0 });
      // Racing writers all pass the version pre-check and collide on the unique index.
      const racing = Promise.allSettled(Array.from({ length: 5 }, () => store.append('race', [newEvent('Race')], { expectedVersion: 0 })));
      expect((await racing).filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      await store.append('after', [newEvent('After')], { expectedVersion: 0 });
      const all = await store.readAll({ after: 0, limit: 100 });
      expect(all.map((e) => e.type)).toEqual(['First', 'Other', 'Race', 'After']);
      await store.close();
    });
  });

  describe('a write to several streams without transactions', () => {
    /**
     * The database as one writer sees it, whose insert of several events stores only the first of them
     * (the highest position: the write's own order), then either dies (throws, so the writer cleans
     * nothing up) or waits at a gate before storing the rest.
     */
    function partWayThrough(db: mongo.Db, then: 'dies' | 'waits'): { db: mongo.Db; reached: Promise<void>; goOn: () => void } {
      let goOn!: () => void;
      let reach!: () => void;
      const gate = new Promise<void>((resolve) => (goOn = resolve));
      const reached = new Promise<void>((resolve) => (reach = resolve));
      const split = interceptingEventInserts(db, async (events, docs, options) => {
        if (docs.length < 2) return events.insertMany(docs, options);
        await events.insertMany(docs.slice(0, 1), options);
        reach();
        if (then === 'dies') throw new Error('the writer died');
        await gate;
        return events.insertMany(docs.slice(1), options);
      });
      return { db: split, reached, goOn };
    }

    const together = (night: string, pair: string) => [
      { streamId: night, events: [newEvent('Recorded')], expectedVersion: 0 },
      { streamId: pair, events: [newEvent('Swiped')], expectedVersion: 0 },
    ];

    it('shows no reader part of a write still under way, then all of it', async () => {
      const writer = partWayThrough(freshDb(), 'waits');
      const slow = await MongoEventStore.open(writer.db);
      const store = await MongoEventStore.open(sameDb(), { gapTimeoutMs: 60_000 });
      await store.append('before', [newEvent('Before')], { expectedVersion: 0 });
      const write = slow.appendToStreams(together('night-1', 'pair-1'));
      await writer.reached;
      // The pair's event is stored, the write's first position (the night's) is not yet.
      expect(await sameDb().collection('events').countDocuments({ streamId: 'pair-1' })).toBe(1);
      expect(await store.readStream('pair-1')).toEqual([]);
      expect((await store.readAll({ after: 0, limit: 10 })).map((e) => e.type)).toEqual(['Before']);
      writer.goOn();
      await write;
      expect((await store.readStream('pair-1')).map((e) => e.type)).toEqual(['Swiped']);
      expect((await store.readAll({ after: 0, limit: 10 })).map((e) => e.type)).toEqual(['Before', 'Recorded', 'Swiped']);
      await Promise.all([store.close(), slow.close()]);
    });

    it('voids a write whose writer died part way: no reader ever sees any of it, and its streams go on', async () => {
      const writer = partWayThrough(freshDb(), 'dies');
      const dying = await MongoEventStore.open(writer.db);
      // As the services open it, with the default gap timeout.
      const store = await MongoEventStore.open(sameDb());
      await store.append('before', [newEvent('Before')], { expectedVersion: 0 });
      const seen: StoredEvent[] = [];
      const subscription = store.subscribeToAll(0, async (event) => void seen.push(event));
      await expect(dying.appendToStreams(together('night-2', 'pair-2'))).rejects.toThrow(/died/);
      expect(await store.readStream('pair-2')).toEqual([]);
      await store.append('after', [newEvent('After')], { expectedVersion: 0 });
      await eventually(() => expect(seen.map((e) => e.type)).toEqual(['Before', 'After']));
      // The dead write's event holds the pair's first version until its next writer, which frees it.
      expect((await store.append('pair-2', [newEvent('Liked')], { expectedVersion: 0 })).nextExpectedVersion).toBe(1);
      await store.appendToStreams(together('night-2', 'pair-3'));
      expect((await store.readStream('pair-2')).map((e) => e.type)).toEqual(['Liked']);
      expect((await store.readStream('night-2')).map((e) => e.type)).toEqual(['Recorded']);
      await eventually(() => expect(seen.map((e) => e.type)).toEqual(['Before', 'After', 'Liked', 'Recorded', 'Swiped']));
      expect((await store.readAll({ after: 0, limit: 100 })).map((e) => e.type)).toEqual(['Before', 'After', 'Liked', 'Recorded', 'Swiped']);
      await subscription.stop();
      await Promise.all([store.close(), dying.close()]);
    });
  });

  it('keeps checkpoints', async () => {
    const db = freshDb();
    const checkpoints = new MongoCheckpointStore(db);
    expect(await checkpoints.load('relay')).toBe(0);
    await checkpoints.save('relay', 42);
    expect(await new MongoCheckpointStore(db).load('relay')).toBe(42);
  });
});
