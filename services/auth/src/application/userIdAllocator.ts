import { WrongExpectedVersionError, type EventStore } from '@nocturne/platform';
import type { DomainEvent } from '../domain/decider';
import { USER_ID_SEQUENCE_STREAM, userIdSequenceDecider, type UserIdAllocated, type UserIdSequenceState } from '../domain/userIdSequence';
import type { CommandContext } from './eventStreams';

/**
 * Serial user ids without transactions: an append to `user-ids` with the version last seen. It remembers
 * the sequence between calls and reads only what other instances appended since, so an allocation
 * does not replay every id ever handed out.
 */
export class UserIdAllocator {
  private state: UserIdSequenceState = userIdSequenceDecider.initialState();

  /** Every event of the stream hands out the next id, so the stream's version is the last id. */
  private get version(): number {
    return this.state.lastUserId;
  }

  constructor(private readonly store: EventStore) {}

  async allocate(context: CommandContext, attempts = 50): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      await this.catchUp();
      const events = userIdSequenceDecider.decide({ type: 'AllocateUserId', now: context.now }, this.state);
      try {
        await this.store.append(
          USER_ID_SEQUENCE_STREAM,
          events.map((event) => ({ id: context.newEventId(), type: event.type, schemaVersion: 1, occurredAt: context.now.toISOString(), data: event.data, ...(context.metadata && { metadata: context.metadata }) })),
          { expectedVersion: this.version },
        );
      } catch (error) {
        if (error instanceof WrongExpectedVersionError && attempt < attempts) continue;
        throw error;
      }
      for (const event of events) this.apply(event);
      const allocated = events[0];
      if (!allocated) throw new Error('no user id allocated');
      return allocated.data.userId;
    }
  }

  private async catchUp(): Promise<void> {
    const newer = await this.store.readStream(USER_ID_SEQUENCE_STREAM, { fromVersion: this.version + 1 });
    for (const event of newer) this.apply({ type: event.type, data: event.data } as DomainEvent as UserIdAllocated);
  }

  /** Concurrent calls may both learn of the same event; only news moves the state. */
  private apply(event: UserIdAllocated): void {
    if (event.data.userId <= this.state.lastUserId) return;
    this.state = userIdSequenceDecider.evolve(this.state, event);
  }
}
