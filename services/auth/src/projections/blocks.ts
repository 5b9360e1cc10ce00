import type { ReadModelDocument, ReadModelStore } from '@nocturne/platform/ports';

/** Two people hidden from each other for good, keyed by the pair whoever blocked whom. Ids only. */
export interface BlockRow extends ReadModelDocument {
  blockerId: number;
  blockedId: number;
}

export interface BlocksReadModel {
  /** Whether either of the two blocked the other. */
  between(a: number, b: number): Promise<boolean>;
}

const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** The `blocks` read model; the users projection writes it, in the store's global order. */
export function blockRows(readModels: ReadModelStore) {
  const rows = readModels.collection<BlockRow>('blocks', { indexes: [{ fields: { blockerId: 1 } }, { fields: { blockedId: 1 } }] });
  return {
    between: async (a: number, b: number) => (await rows.get(pairKey(a, b))) !== null,
    /** Written again by a replay: the same row. */
    record: (blockerId: number, blockedId: number) => rows.upsert({ _id: pairKey(blockerId, blockedId), blockerId, blockedId }),
    /** Who blocked whom is about the person too: it goes with their account. */
    forget: async (userId: number) => {
      await rows.deleteMany({ $or: [{ blockerId: userId }, { blockedId: userId }] });
    },
  };
}
