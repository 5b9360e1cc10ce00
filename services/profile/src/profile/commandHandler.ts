import { WrongExpectedVersionError, type EventMetadata, type EventStore, type NewEvent, type StoredEvent } from '@nocturne/platform';
import { decide, type ProfileCommand } from './businessLogic';
import { evolve, initialProfile, profileStreamId, type Profile, type ProfileEvent } from './profile';

export interface CommandResult {
  profile: Profile;
  events: ProfileEvent[];
  /** Global position of the last appended event (or of nothing, when the command changed nothing). */
  lastGlobalPosition: number | null;
}

export interface ProfileCommandHandlerDeps {
  eventStore: EventStore;
  newEventId: () => string;
}

const MAX_ATTEMPTS = 5;

export const toProfileEvent = (stored: StoredEvent): ProfileEvent => ({ type: stored.type, data: stored.data } as ProfileEvent);

/** Load the stream, decide, append with the version read; on a concurrent append, decide again. */
export function createProfileCommandHandler({ eventStore, newEventId }: ProfileCommandHandlerDeps) {
  async function load(userId: number): Promise<{ profile: Profile; version: number }> {
    const stored = await eventStore.readStream(profileStreamId(userId));
    return { profile: stored.map(toProfileEvent).reduce(evolve, initialProfile(userId)), version: stored.length };
  }

  async function handle(userId: number, command: ProfileCommand, metadata: EventMetadata = {}): Promise<CommandResult> {
    for (let attempt = 1; ; attempt += 1) {
      const { profile, version } = await load(userId);
      const events = decide(command, profile);
      if (events.length === 0) return { profile, events, lastGlobalPosition: null };
      const newEvents: NewEvent[] = events.map((event) => ({ id: newEventId(), type: event.type, data: event.data, occurredAt: command.now, metadata }));
      try {
        const appended = await eventStore.append(profileStreamId(userId), newEvents, { expectedVersion: version });
        return { profile: events.reduce(evolve, profile), events, lastGlobalPosition: appended.lastGlobalPosition };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  return { load, handle };
}
export type ProfileCommandHandler = ReturnType<typeof createProfileCommandHandler>;
