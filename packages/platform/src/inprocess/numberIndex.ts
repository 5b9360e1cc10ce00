import type { Filter } from '../ports';

/** A numeric condition on one field, as bounds: what a sorted index can answer. */
interface Bounds {
  min: number;
  minInclusive: boolean;
  max: number;
  maxInclusive: boolean;
}

const ANY: Bounds = { min: -Infinity, minInclusive: true, max: Infinity, maxInclusive: true };
const isNumber = (value: unknown): value is number => typeof value === 'number' && !Number.isNaN(value);

/**
 * The bounds a top-level condition puts on a field, or null when it does not narrow it to numbers: a
 * number, `$eq`, `$gt`, `$gte`, `$lt`, `$lte` (with any other operators beside them, which still have to
 * hold: MongoDB field conditions are conjunctions), or `$in` of numbers (several bounds).
 */
export function boundsOf(condition: unknown): Bounds[] | null {
  if (isNumber(condition)) return [{ min: condition, minInclusive: true, max: condition, maxInclusive: true }];
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) return null;
  const operators = condition as Record<string, unknown>;
  const keys = Object.keys(operators);
  if (keys.length === 0 || keys.some((key) => !key.startsWith('$'))) return null;
  if (Array.isArray(operators.$in)) {
    if (!operators.$in.every(isNumber)) return null;
    return (operators.$in as number[]).map((value) => ({ min: value, minInclusive: true, max: value, maxInclusive: true }));
  }
  let bounds = { ...ANY };
  let narrowed = false;
  const tighten = (next: Partial<Bounds>) => {
    narrowed = true;
    if (next.min !== undefined && (next.min > bounds.min || (next.min === bounds.min && !next.minInclusive))) bounds = { ...bounds, min: next.min, minInclusive: next.minInclusive! };
    if (next.max !== undefined && (next.max < bounds.max || (next.max === bounds.max && !next.maxInclusive))) bounds = { ...bounds, max: next.max, maxInclusive: next.maxInclusive! };
  };
  for (const [operator, value] of Object.entries(operators)) {
    if (!['$eq', '$gt', '$gte', '$lt', '$lte'].includes(operator)) continue;
    if (!isNumber(value)) return null;
    if (operator === '$eq') tighten({ min: value, minInclusive: true, max: value, maxInclusive: true });
    if (operator === '$gt' || operator === '$gte') tighten({ min: value, minInclusive: operator === '$gte' });
    if (operator === '$lt' || operator === '$lte') tighten({ max: value, maxInclusive: operator === '$lte' });
  }
  return narrowed ? [bounds] : null;
}

/**
 * The documents' numeric values of one top-level field, kept sorted, so a range or equality condition on
 * it finds its candidates by binary search instead of testing every document. Documents whose value is
 * not a number cannot match such a condition and are left out; one array value (which MongoDB matches
 * element by element) makes the index step aside for good. The distinct values are kept sorted, each with
 * its documents' ids: a new document with a value already there (a swipe of a swiper seen before) is a
 * push, not an insertion into one array of every document.
 */
export class NumberIndex {
  private readonly values: number[] = [];
  private readonly idsByValue = new Map<number, string[]>();
  /** False once an array value was seen. */
  usable = true;

  constructor(readonly field: string) {}

  /** The first position whose value is at least (or, `after`, above) `value`. */
  private position(value: number, after: boolean): number {
    let low = 0;
    let high = this.values.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.values[middle]! < value || (after && this.values[middle] === value)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The field's value in `doc`, when the index holds documents by it. */
  valueOf(doc: object): number | undefined {
    const value = (doc as Record<string, unknown>)[this.field];
    return isNumber(value) ? value : undefined;
  }

  add(id: string, doc: object): void {
    const value = (doc as Record<string, unknown>)[this.field];
    if (Array.isArray(value)) this.usable = false;
    if (!this.usable || !isNumber(value)) return;
    const ids = this.idsByValue.get(value);
    if (ids) return void ids.push(id);
    this.values.splice(this.position(value, true), 0, value);
    this.idsByValue.set(value, [id]);
  }

  remove(id: string, doc: object): void {
    const value = this.valueOf(doc);
    if (!this.usable || value === undefined) return;
    const ids = this.idsByValue.get(value);
    const at = ids?.indexOf(id) ?? -1;
    if (at === -1) return;
    ids!.splice(at, 1);
    if (ids!.length > 0) return;
    this.idsByValue.delete(value);
    this.values.splice(this.position(value, false), 1);
  }

  /** Ids of the documents whose value lies within any of the bounds. */
  idsWithin(bounds: readonly Bounds[]): string[] {
    const found: string[] = [];
    for (const bound of bounds) {
      const to = this.position(bound.max, bound.maxInclusive);
      for (let at = this.position(bound.min, !bound.minInclusive); at < to; at++) for (const id of this.idsByValue.get(this.values[at]!)!) found.push(id);
    }
    return bounds.length > 1 ? [...new Set(found)] : found;
  }

  /** How many documents the bounds would leave (to choose the narrowest index). */
  countWithin(bounds: readonly Bounds[]): number {
    let count = 0;
    for (const bound of bounds) {
      const to = this.position(bound.max, bound.maxInclusive);
      for (let at = this.position(bound.min, !bound.minInclusive); at < to; at++) count += this.idsByValue.get(this.values[at]!)!.length;
    }
    return count;
  }
}

const within = (value: unknown, bounds: readonly Bounds[]) =>
  isNumber(value) &&
  bounds.some((bound) => (bound.minInclusive ? value >= bound.min : value > bound.min) && (bound.maxInclusive ? value <= bound.max : value < bound.max));

/**
 * How to find a filter's candidates through the numeric indexes: the narrowest usable one to look up,
 * and a test of the other indexed conditions on the values themselves (cheaper than the full query);
 * null when no top-level condition can use an index.
 */
export function chooseIndex(filter: Filter, indexes: Iterable<NumberIndex>): { index: NumberIndex; bounds: Bounds[]; alsoWithin: (doc: object) => boolean } | null {
  const usable: Array<{ index: NumberIndex; bounds: Bounds[]; count: number }> = [];
  for (const index of indexes) {
    if (!index.usable || !Object.hasOwn(filter, index.field)) continue;
    const bounds = boundsOf((filter as Record<string, unknown>)[index.field]);
    if (bounds) usable.push({ index, bounds, count: index.countWithin(bounds) });
  }
  if (usable.length === 0) return null;
  usable.sort((a, b) => a.count - b.count);
  const [best, ...others] = usable;
  return {
    index: best!.index,
    bounds: best!.bounds,
    alsoWithin: (doc) => others.every(({ index, bounds }) => within((doc as Record<string, unknown>)[index.field], bounds)),
  };
}
