import type { ReadModelStore } from '../ports';
import { DuplicateKeyError } from '../ports';
import { uniqueSuffix } from './eventually';

interface Person {
  _id: string;
  name: string;
  age: number;
  city?: string;
  tags: string[];
  scores: number[];
  photos: Array<{ id: string; approved: boolean }>;
  settings?: { theme: string; notify: boolean };
}

const people: Person[] = [
  { _id: 'p1', name: 'Luna', age: 24, city: 'Lyon', tags: ['night', 'jazz'], scores: [3, 8], photos: [{ id: 'a', approved: true }] },
  { _id: 'p2', name: 'Sol', age: 31, city: 'Paris', tags: ['day'], scores: [5], photos: [{ id: 'b', approved: false }] },
  { _id: 'p3', name: 'Stella', age: 19, tags: ['night'], scores: [], photos: [] },
  { _id: 'p4', name: 'Nyx', age: 40, city: 'Lyon', tags: ['jazz', 'owls'], scores: [1, 9], photos: [{ id: 'c', approved: false }, { id: 'd', approved: true }] },
];

/** Behaviour every ReadModelStore must have. Collections are unique per test. */
export function readModelContract(name: string, makeStore: () => ReadModelStore | Promise<ReadModelStore>, options: { timeoutMs?: number } = {}): void {
  describe(`ReadModelStore contract: ${name}`, () => {
    if (options.timeoutMs) jest.setTimeout(options.timeoutMs);
    let store: ReadModelStore;
    const collection = (indexes: Parameters<ReadModelStore['collection']>[1] = {}) =>
      store.collection<Person>(`contract_${uniqueSuffix()}`, indexes);
    const seeded = async () => {
      const c = collection();
      for (const person of people) await c.upsert(person);
      return c;
    };
    const ids = (docs: Person[]) => docs.map((d) => d._id);

    beforeEach(async () => {
      store = await makeStore();
    }, options.timeoutMs);
    afterEach(async () => {
      await store.close();
    }, options.timeoutMs);

    it('upserts, gets and replaces whole documents', async () => {
      const c = collection();
      await c.upsert(people[0]!);
      expect(await c.get('p1')).toEqual(people[0]);
      await c.upsert({ _id: 'p1', name: 'Luna B', age: 25, tags: [], scores: [], photos: [] });
      expect(await c.get('p1')).toEqual({ _id: 'p1', name: 'Luna B', age: 25, tags: [], scores: [], photos: [] });
      expect(await c.get('nobody')).toBeNull();
    });

    it('upserts a newer version only: an older or the same one writes nothing', async () => {
      const rows = store.collection<{ _id: string; name: string; version: number }>('rows');
      expect(await rows.upsertNewer({ _id: 'r1', name: 'first', version: 3 })).toBe(true);
      expect(await rows.upsertNewer({ _id: 'r1', name: 'older', version: 2 })).toBe(false);
      expect(await rows.upsertNewer({ _id: 'r1', name: 'same', version: 3 })).toBe(false);
      expect(await rows.get('r1')).toEqual({ _id: 'r1', name: 'first', version: 3 });
      expect(await rows.upsertNewer({ _id: 'r1', name: 'newer', version: 7 })).toBe(true);
      expect(await rows.get('r1')).toEqual({ _id: 'r1', name: 'newer', version: 7 });
      // A document kept without a version is replaced.
      await rows.upsert({ _id: 'r2', name: 'unversioned' } as never);
      expect(await rows.upsertNewer({ _id: 'r2', name: 'versioned', version: 1 })).toBe(true);
      expect(await rows.get('r2')).toEqual({ _id: 'r2', name: 'versioned', version: 1 });
    });

    it('moves a counter once per version: an older or the same one writes nothing', async () => {
      const rows = store.collection<{ _id: string; hour: string; count: number; late: boolean; version: number }>('counters');
      expect(await rows.incrementNewer({ _id: 'c1', hour: '20:00', late: false, version: 4 }, 'count', 1)).toBe(true);
      expect(await rows.get('c1')).toEqual({ _id: 'c1', hour: '20:00', late: false, count: 1, version: 4 });
      expect(await rows.incrementNewer({ _id: 'c1', hour: '20:00', late: true, version: 4 }, 'count', 1)).toBe(false);
      expect(await rows.incrementNewer({ _id: 'c1', hour: '20:00', late: true, version: 2 }, 'count', 1)).toBe(false);
      expect(await rows.get('c1')).toEqual({ _id: 'c1', hour: '20:00', late: false, count: 1, version: 4 });
      expect(await rows.incrementNewer({ _id: 'c1', hour: '20:00', late: true, version: 9 }, 'count', 2)).toBe(true);
      expect(await rows.get('c1')).toEqual({ _id: 'c1', hour: '20:00', late: true, count: 3, version: 9 });
      // Applied at once by two projections' runs: counted once.
      expect((await Promise.all([1, 2].map(() => rows.incrementNewer({ _id: 'c1', hour: '20:00', late: true, version: 10 }, 'count', 1)))).filter(Boolean)).toHaveLength(1);
      expect((await rows.get('c1'))!.count).toBe(4);
    });

    it('gets several documents by id at once: those that exist, each once', async () => {
      const c = await seeded();
      const many = await c.getMany(['p2', 'nobody', 'p1', 'p2']);
      expect([...many.keys()].sort()).toEqual(['p1', 'p2']);
      expect(many.get('p1')).toEqual(people[0]);
      expect((await c.getMany([])).size).toBe(0);
      many.get('p1')!.tags.push('changed');
      expect((await c.getMany(['p1'])).get('p1')!.tags).not.toContain('changed');
    });

    it('answers copies, so changing a result changes nothing stored', async () => {
      const c = await seeded();
      const doc = (await c.get('p1'))!;
      doc.tags.push('changed');
      expect((await c.get('p1'))!.tags).toEqual(['night', 'jazz']);
    });

    it('updates with $set semantics and answers false for a missing document', async () => {
      const c = await seeded();
      expect(await c.update('p1', { age: 25, settings: { theme: 'dark', notify: true } })).toBe(true);
      expect(await c.get('p1')).toEqual({ ...people[0], age: 25, settings: { theme: 'dark', notify: true } });
      expect(await c.update('nobody', { age: 1 })).toBe(false);
      expect(await c.get('nobody')).toBeNull();
    });

    it('leaves fields given as undefined unchanged', async () => {
      const c = await seeded();
      await c.update('p1', { city: undefined, age: 30 });
      expect(await c.get('p1')).toMatchObject({ city: 'Lyon', age: 30 });
    });

    it('filters with $in, $gte, $lt, $regex, $elemMatch, $exists and $ne', async () => {
      const c = await seeded();
      expect(ids(await c.find({ tags: { $in: ['jazz', 'day'] } }, { sort: { _id: 1 } }))).toEqual(['p1', 'p2', 'p4']);
      expect(ids(await c.find({ age: { $gte: 24, $lt: 40 } }, { sort: { _id: 1 } }))).toEqual(['p1', 'p2']);
      expect(ids(await c.find({ name: { $regex: '^s', $options: 'i' } }, { sort: { _id: 1 } }))).toEqual(['p2', 'p3']);
      expect(ids(await c.find({ photos: { $elemMatch: { approved: true } } }, { sort: { _id: 1 } }))).toEqual(['p1', 'p4']);
      expect(ids(await c.find({ photos: { $elemMatch: { approved: false, id: 'c' } } }))).toEqual(['p4']);
      // One element must satisfy both bounds: p4's 1 and 9 each satisfy only one.
      expect(ids(await c.find({ scores: { $elemMatch: { $gte: 4, $lt: 9 } } }, { sort: { _id: 1 } }))).toEqual(['p1', 'p2']);
      expect(await c.count({ scores: { $elemMatch: { $gte: 4, $lt: 9 } }, city: 'Lyon' })).toBe(1);
      expect(ids(await c.find({ 'photos.approved': true }, { sort: { _id: 1 } }))).toEqual(['p1', 'p4']);
      expect(ids(await c.find({ city: { $exists: false } }))).toEqual(['p3']);
      expect(ids(await c.find({ city: 'Lyon', _id: { $ne: 'p1' } }))).toEqual(['p4']);
      expect(ids(await c.find({ $or: [{ age: { $lt: 20 } }, { name: 'Nyx' }] }, { sort: { age: 1 } }))).toEqual(['p3', 'p4']);
      expect(ids(await c.find({ _id: { $nin: ['p1', 'p2'] }, tags: 'night' }))).toEqual(['p3']);
    });

    it('sorts, skips and limits', async () => {
      const c = await seeded();
      expect(ids(await c.find({}, { sort: { age: -1 } }))).toEqual(['p4', 'p2', 'p1', 'p3']);
      expect(ids(await c.find({}, { sort: { age: 1 }, skip: 1, limit: 2 }))).toEqual(['p1', 'p2']);
      expect(ids(await c.find({}, { sort: { city: 1, age: -1 } }))).toEqual(['p3', 'p4', 'p1', 'p2']);
    });

    it('finds one, counts and deletes', async () => {
      const c = await seeded();
      expect((await c.findOne({ name: 'Sol' }))?._id).toBe('p2');
      expect(await c.findOne({ name: 'Nobody' })).toBeNull();
      expect(await c.count({ city: 'Lyon' })).toBe(2);
      expect(await c.count({})).toBe(4);
      await c.delete('p1');
      await c.delete('p1');
      expect(await c.get('p1')).toBeNull();
      expect(await c.deleteMany({ age: { $gte: 30 } })).toBe(2);
      expect(ids(await c.find({}))).toEqual(['p3']);
    });

    it('enforces unique indexes on upsert and update, naming the index fields', async () => {
      const c = store.collection<{ _id: string; email: string; other?: number }>(`contract_${uniqueSuffix()}`, {
        indexes: [{ fields: { email: 1 }, unique: true }, { fields: { other: 1 } }],
      });
      await c.upsert({ _id: 'u1', email: 'a@x' });
      await c.upsert({ _id: 'u2', email: 'b@x' });
      await expect(c.upsert({ _id: 'u3', email: 'a@x' })).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(c.update('u2', { email: 'a@x' })).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(c.upsert({ _id: 'u4', email: 'b@x' })).rejects.toMatchObject({ fields: ['email'] });
      await c.upsert({ _id: 'u1', email: 'a@x', other: 1 });
      expect(await c.get('u3')).toBeNull();
      expect((await c.get('u2'))!.email).toBe('b@x');
    });

    it('answers the same collection for the same name', async () => {
      const name = `contract_${uniqueSuffix()}`;
      await store.collection<Person>(name).upsert(people[0]!);
      expect(await store.collection<Person>(name).get('p1')).toEqual(people[0]);
    });
  });
}
