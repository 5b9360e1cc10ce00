import type { AllSubscription, EventStore, Logger, ReadModelCollection, ReadModelStore, StoredEvent } from '@nocturne/platform';
import type { UserEvent } from '../domain/user';

/** The account as other parts of the graph see it; a deleted account keeps only its id and version. */
export interface UserDocument {
  _id: string;
  userId: number;
  /** Stream version of the last event applied: a replayed or older event changes nothing. */
  version: number;
  deleted: boolean;
  username?: string;
  email?: string;
  name?: string;
  age?: number;
  createdAt?: string;
}

interface PositionDocument {
  _id: string;
  position: number;
}

const PROJECTION = 'users';
const userStream = /^user-(\d+)$/;

/**
 * The `users` read model, built from the `user-<id>` streams. Its position is kept in the same store as
 * the documents, so an in-memory store rebuilds from the start and a persistent one resumes.
 */
export class UsersProjection {
  private readonly users: ReadModelCollection<UserDocument>;
  private readonly positions: ReadModelCollection<PositionDocument>;
  private subscription: AllSubscription | undefined;
  private position = 0;
  private waiters: Array<{ position: number; resolve: () => void }> = [];
  private caughtUp = false;

  constructor(
    private readonly store: EventStore,
    readModels: ReadModelStore,
    private readonly logger: Logger,
  ) {
    this.users = readModels.collection<UserDocument>('users');
    this.positions = readModels.collection<PositionDocument>('projection-positions');
  }

  /** Catches up with the store before answering, then follows new events. */
  async start(): Promise<void> {
    this.position = (await this.positions.get(PROJECTION))?.position ?? 0;
    for (;;) {
      const batch = await this.store.readAll({ after: this.position, limit: 500 });
      if (batch.length === 0) break;
      for (const event of batch) await this.handle(event);
    }
    this.caughtUp = true;
    this.subscription = this.store.subscribeToAll(this.position, (event) => this.handle(event));
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
    for (const waiter of this.waiters) waiter.resolve();
    this.waiters = [];
  }

  isCaughtUp(): boolean {
    return this.caughtUp;
  }

  /** Resolves once events up to `position` are applied (read-your-writes after a command), or after `timeoutMs`. */
  async waitFor(position: number, timeoutMs = 5_000): Promise<void> {
    if (position <= this.position) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.logger.warn({ position, projected: this.position }, 'users projection lags behind');
        resolve();
      }, timeoutMs);
      this.waiters.push({
        position,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  async get(userId: number): Promise<UserDocument | null> {
    const user = await this.users.get(String(userId));
    return user && !user.deleted ? user : null;
  }

  private async handle(event: StoredEvent): Promise<void> {
    if (event.globalPosition <= this.position) return;
    const match = userStream.exec(event.streamId);
    if (match) await this.apply(Number(match[1]), event.streamVersion, { type: event.type, data: event.data } as UserEvent);
    this.position = event.globalPosition;
    await this.positions.upsert({ _id: PROJECTION, position: this.position });
    const ready = this.waiters.filter((waiter) => waiter.position <= this.position);
    if (ready.length > 0) {
      this.waiters = this.waiters.filter((waiter) => waiter.position > this.position);
      for (const waiter of ready) waiter.resolve();
    }
  }

  private async apply(userId: number, version: number, event: UserEvent): Promise<void> {
    const current = await this.users.get(String(userId));
    if (current && current.version >= version) return;
    switch (event.type) {
      case 'UserRegistered': {
        const { username, email, name, age, registeredAt } = event.data;
        await this.users.upsert({ _id: String(userId), userId, version, deleted: false, username, email, name, age, createdAt: registeredAt });
        return;
      }
      case 'AccountDetailsChanged':
        if (current && !current.deleted) await this.users.upsert({ ...current, version, name: event.data.name, age: event.data.age });
        return;
      case 'PasswordChanged':
        if (current) await this.users.upsert({ ...current, version });
        return;
      case 'UserDeleted':
        // A tombstone without personal data, so that a replay cannot bring the account back.
        await this.users.upsert({ _id: String(userId), userId, version, deleted: true });
        return;
      default:
        return;
    }
  }
}
