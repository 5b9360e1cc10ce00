import { WrongExpectedVersionError, type EventStore } from '../ports';
import type { CommandContext } from './commandHandler';

const NUMBER_ALLOCATED = 'NumberAllocated';

/**
 * Serial whole numbers (user ids, match ids) without transactions: each number is one event of its own
 * stream appended with the version last seen, so the stream's version is the last number handed out.
 * An instance remembers the sequence between calls and reads only what other instances appended since.
 */
export class SerialNumbers {
  private last = 0;
  /** Calls of this instance take turns: only other instances can take a number first. */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly eventStore: EventStore,
    /** The sequence's stream, `user-ids`. */
    readonly streamId: string,
    /** How often to try again when another instance took the number first. */
    private readonly attempts = 50,
  ) {}

  next(context: CommandContext): Promise<number> {
    const drawn = this.turn.then(() => this.draw(context));
    this.turn = drawn.catch(() => undefined);
    return drawn;
  }

  private async draw(context: CommandContext): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      await this.catchUp();
      const number = this.last + 1;
      try {
        await this.eventStore.append(
          this.streamId,
          [{ id: context.newEventId(), type: NUMBER_ALLOCATED, schemaVersion: 1, occurredAt: context.now.toISOString(), data: { number }, ...(context.metadata && { metadata: context.metadata }) }],
          { expectedVersion: this.last },
        );
        this.last = Math.max(this.last, number);
        return number;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= this.attempts) throw error;
      }
    }
  }

  private async catchUp(): Promise<void> {
    const newer = await this.eventStore.readStream(this.streamId, { fromVersion: this.last + 1 });
    // Concurrent calls may both learn of the same events; the stream's version is what counts.
    if (newer.length > 0) this.last = Math.max(this.last, newer[newer.length - 1]!.streamVersion);
  }
}
