import type { IndexSpec } from './ports';

/** A unique index refused a write; the same error from every ReadModelStore implementation. */
export class DuplicateKeyError extends Error {
  override readonly name = 'DuplicateKeyError';
  constructor(
    readonly collection: string,
    readonly fields: string[],
  ) {
    super(`duplicate key in ${collection} on (${fields.join(', ')})`);
  }
}

/** Drops `undefined` fields of an update: both stores treat them as "leave unchanged". */
export function definedChanges(changes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

export const indexName = (spec: IndexSpec) => Object.entries(spec.fields).map(([field, kind]) => `${field}_${kind}`).join('_');
