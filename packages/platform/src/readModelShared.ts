import type { IndexSpec } from './ports';

/** Drops `undefined` fields of an update: both stores treat them as "leave unchanged". */
export function definedChanges(changes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

export const indexName = (spec: IndexSpec) => Object.entries(spec.fields).map(([field, kind]) => `${field}_${kind}`).join('_');
