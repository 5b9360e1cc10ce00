import { WrongExpectedVersionError, type EventMetadata, type EventStore, type NewEvent, type StoredEvent } from '@nocturne/platform';
import { foldEvents, type Decider, type DomainEvent } from '../domain/decider';

/** What every command brings from outside the domain: the time, event ids and who asked. */
export interface CommandContext {
  now: Date;
  newEventId: () => string;
  metadata?: EventMetadata;
}

export interface StreamState<State> {
  state: State;
  version: number;
}

export interface HandledCommand<State, Event> {
  state: State;
  events: Event[];
  /** Global position of the last appended event; 0 when nothing was appended. */
  lastGlobalPosition: number;
}

const toDomainEvent = <Event extends DomainEvent>(stored: StoredEvent): Event => ({ type: stored.type, data: stored.data }) as Event;

export async function loadStream<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<unknown, State, Event>, 'evolve' | 'initialState'>,
): Promise<StreamState<State>> {
  const stored = await store.readStream(streamId);
  return { state: foldEvents(decider, stored.map((event) => toDomainEvent<Event>(event))), version: stored.length };
}

/**
 * Load, decide, append with the version that was read. On a concurrent append the command is decided
 * again against the new state (which may now refuse it), a few times at most.
 */
export async function handleCommand<Command, State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, State, Event>,
  command: Command | ((state: State) => Command | Promise<Command>),
  context: CommandContext,
  attempts = 5,
): Promise<HandledCommand<State, Event>> {
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await loadStream(store, streamId, decider);
    const resolved = typeof command === 'function' ? await (command as (state: State) => Command | Promise<Command>)(state) : command;
    const events = decider.decide(resolved, state);
    if (events.length === 0) return { state, events, lastGlobalPosition: 0 };
    const newEvents: NewEvent[] = events.map((event) => ({
      id: context.newEventId(),
      type: event.type,
      schemaVersion: 1,
      occurredAt: context.now.toISOString(),
      data: event.data,
      ...(context.metadata && { metadata: context.metadata }),
    }));
    try {
      const result = await store.append(streamId, newEvents, { expectedVersion: version });
      return { state: events.reduce(decider.evolve, state), events, lastGlobalPosition: result.lastGlobalPosition };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= attempts) throw error;
    }
  }
}
