import { createProjection, ERASE, versionedRows, type Projection, type VersionedRow } from '@nocturne/platform/kit';
import type { Logger } from '@nocturne/platform/logging';
import type { CheckpointStore, EventStore, ReadModelDocument, ReadModelStore, StoredEvent } from '@nocturne/platform/ports';
import type { UserEvent } from '../account/account';
import type { BlockEvent } from '../block/block';

/** The account as other parts of the graph see it; a deleted account is a tombstone with its id and version only. */
export interface UserDocument extends VersionedRow {
  userId: number;
  username?: string;
  email?: string;
  name?: string;
  age?: number;
  createdAt?: string;
}

export interface UsersReadModel {
  /** The live account, or null for a missing or deleted one. */
  get(userId: number): Promise<UserDocument | null>;
  /** Read-your-writes after a command; false when the projection did not get there in time. */
  waitFor(position: number): Promise<boolean>;
}

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

/** The `blocks` read model; the projection below writes it, in the store's global order. */
function blockRows(readModels: ReadModelStore) {
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

const userStream = /^user-(\d+)$/;
const blockStream = /^block-\d+-\d+$/;

/**
 * The `users` read model, built from the `user-<id>` streams on the kit's projection runner, and the
 * `blocks` between accounts, from the `block-<low>-<high>` streams. One projection, in the store's global
 * order, so that an erasure forgets the blocks recorded before it and a block after it keeps nothing.
 */
export function createAuthReadModels(options: { eventStore: EventStore; readModels: ReadModelStore; checkpoints: CheckpointStore; logger: Logger }): {
  projection: Projection;
  users: UsersReadModel;
  blocks: BlocksReadModel;
} {
  const rows = versionedRows(options.readModels.collection<UserDocument>('users'));
  const blocks = blockRows(options.readModels);

  async function apply(stored: StoredEvent): Promise<void> {
    if (blockStream.test(stored.streamId)) return applyBlock(stored as StoredEvent & BlockEvent);
    const match = userStream.exec(stored.streamId);
    if (!match) return;
    const userId = Number(match[1]);
    const event = stored as StoredEvent & UserEvent;
    await rows.apply(String(userId), stored.streamVersion, (current) => {
      switch (event.type) {
        case 'UserRegistered': {
          const { username, email, name, age, registeredAt } = event.data;
          return { userId, username, email, name, age, createdAt: registeredAt };
        }
        case 'AccountDetailsChanged':
          return current ? { ...current, name: event.data.name, age: event.data.age } : undefined;
        case 'PasswordChanged':
          return undefined;
        case 'UserDeleted':
          // A tombstone without personal data, so that a replay cannot bring the account back.
          return ERASE;
      }
    });
    if (event.type === 'UserDeleted') await blocks.forget(userId);
  }

  async function applyBlock(event: StoredEvent & BlockEvent): Promise<void> {
    if (event.type !== 'BlockFollowed') return;
    const { blockerId, blockedId } = event.data;
    // An account erased before the block came (a tombstone now) keeps nothing of it.
    if (!(await rows.get(String(blockerId))) || !(await rows.get(String(blockedId)))) return;
    await blocks.record(blockerId, blockedId);
  }

  const projection = createProjection({ name: 'users', eventStore: options.eventStore, checkpoints: options.checkpoints, apply, logger: options.logger });
  return { projection, users: { get: (userId) => rows.get(String(userId)), waitFor: (position) => projection.waitFor(position) }, blocks: { between: blocks.between } };
}
