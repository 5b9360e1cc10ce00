import type { Filter } from '../ports';
import { boundsOf, chooseIndex, NumberIndex } from './numberIndex';
import { InProcessReadModelStore } from './readModel';

describe('numeric indexes of the in-process read models', () => {
  it('reads bounds from numbers, ranges and $in, and nothing from conditions it cannot narrow', () => {
    expect(boundsOf(5)).toEqual([{ min: 5, minInclusive: true, max: 5, maxInclusive: true }]);
    expect(boundsOf({ $gte: 1, $lt: 3, $ne: 2 })).toEqual([{ min: 1, minInclusive: true, max: 3, maxInclusive: false }]);
    expect(boundsOf({ $gt: 1, $gte: 1 })).toEqual([{ min: 1, minInclusive: false, max: Infinity, maxInclusive: true }]);
    expect(boundsOf({ $in: [3, 1] })).toHaveLength(2);
    for (const condition of ['x', null, [1], { $ne: 1 }, { $in: [1, 'a'] }, { $gte: 'a' }, { a: 1 }, {}]) expect(boundsOf(condition)).toBeNull();
  });

  it('keeps values sorted through adds and removes, and answers ranges by binary search', () => {
    const index = new NumberIndex('n');
    [5, 1, 3, 3, 9].forEach((n, i) => index.add(`d${i}`, { n }));
    index.remove('d2', { n: 3 });
    index.add('s', { n: 'text' });
    expect(index.idsWithin([{ min: 3, minInclusive: true, max: 5, maxInclusive: true }]).sort()).toEqual(['d0', 'd3']);
    expect(index.idsWithin([{ min: 3, minInclusive: false, max: 9, maxInclusive: false }])).toEqual(['d0']);
    expect(index.countWithin([{ min: -Infinity, minInclusive: true, max: Infinity, maxInclusive: true }])).toBe(4);
    index.add('a', { n: [1, 2] });
    expect(index.usable).toBe(false);
    expect(chooseIndex({ n: 3 }, [index])).toBeNull();
  });

  it('finds, counts and deletes exactly what a full scan would, in the same order', async () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647);
    const indexed = new InProcessReadModelStore().collection<{ _id: string; lat: number | null; age: number | string; tag: string }>('people', {
      indexes: [{ fields: { lat: 1, age: 1 } }, { fields: { age: 1 } }],
    });
    const scanned = new InProcessReadModelStore().collection<{ _id: string; lat: number | null; age: number | string; tag: string }>('people');
    for (let i = 0; i < 2_000; i++) {
      const doc = { _id: `p${i}`, lat: i % 50 === 0 ? null : Math.round(random() * 1000) / 10, age: i % 97 === 0 ? 'unknown' : 18 + Math.floor(random() * 60), tag: i % 3 ? 'a' : 'b' };
      await indexed.upsert(doc);
      await scanned.upsert(doc);
    }
    // Changes after the first store: moved values, removed documents.
    for (let i = 0; i < 2_000; i += 7) {
      await indexed.update(`p${i}`, { lat: 50 });
      await scanned.update(`p${i}`, { lat: 50 });
    }
    for (let i = 3; i < 2_000; i += 11) {
      await indexed.delete(`p${i}`);
      await scanned.delete(`p${i}`);
    }
    const filters: Filter[] = [
      { lat: { $gte: 20, $lte: 30.5 } },
      { lat: 50, tag: 'b' },
      { lat: { $gt: 10, $lt: 12 }, age: { $gte: 30, $lte: 40 } },
      { age: { $in: [20, 21, 77] } },
      { age: { $gte: 70 }, $or: [{ tag: 'a' }, { lat: { $lt: 5 } }] },
      { lat: null },
      { tag: 'a' },
    ];
    for (const filter of filters) {
      expect(await indexed.find(filter)).toEqual(await scanned.find(filter));
      expect(await indexed.find(filter, { sort: { lat: -1 }, limit: 15 })).toEqual(await scanned.find(filter, { sort: { lat: -1 }, limit: 15 }));
      expect(await indexed.count(filter)).toBe(await scanned.count(filter));
    }
    expect(await indexed.deleteMany({ age: { $lt: 25 } })).toBe(await scanned.deleteMany({ age: { $lt: 25 } }));
    expect(await indexed.find({})).toEqual(await scanned.find({}));
  });
});
