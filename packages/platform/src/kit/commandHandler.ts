import { WrongExpectedVersionError, type EventMetadata, type EventStore, type NewEvent, type StoredEvent } from '../ports';
import { foldEvents, type Decider, type DomainEvent } from '../domain/decider';
import { RuleViolation } from '../domain/ruleViolation';
import { noteWrites } from './readYourWrites';

/** What every command brings from outside the domain besides its own fields: event ids and who asked. */
export interface CommandContext {
  /** When the command happened: the events' `occurredAt`. */
  now: Date;
  newEventId: () => string;
  metadata?: EventMetadata;
}

export interface LoadedStream<State> {
  state: State;
  /** Events in the stream: the expected version of the next append. */
  version: number;
}

export interface HandledCommand<State, Event> {
  /** The state after the new events. */
  state: State;
  events: Event[];
  /** The stream's version after the command. */
  version: number;
  /** Global position of the last appended event; 0 when nothing was appended. */
  lastGlobalPosition: number;
}

/** How often a command is decided again after a concurrent append, and how long to wait in between. */
export interface ConflictPolicy {
  attempts: number;
  /** Upper bound of the random wait before the second attempt, doubled for each later one. */
  baseDelayMs: number;
}

/**
 * The one policy on a version conflict: the command is decided again against the new state (which may
 * now refuse it or find nothing to do), up to `attempts` times with a jittered, growing wait; when the
 * attempts run out the caller gets CONFLICT with `CONCURRENT_CHANGE_MESSAGE`.
 */
export const defaultConflictPolicy: ConflictPolicy = { attempts: 8, baseDelayMs: 5 };

export const CONCURRENT_CHANGE_MESSAGE = 'This was changed by another request at the same time. Please try again.';

const toDomainEvent = <Event extends DomainEvent>(stored: StoredEvent): Event => ({ type: stored.type, data: stored.data }) as Event;

/** How many streams' folded states an event store keeps in memory (the most recently used). */
const KEPT_STATES = 10_000;

interface KeptState {
  decider: object;
  state: unknown;
  version: number;
}

/** Folded states of deciders `stateWithoutPersonalData`, per event store and stream, the least recently used first. */
const keptStates = new WeakMap<EventStore, Map<string, KeptState>>();

/**
 * Streams shorter than this are not kept: reading a few events again costs less than keeping their state,
 * which, kept for seconds by a busy process, outlives the young generation and is left to a major garbage
 * collection (a swipe's pair, 1 to 3 events, was nearly a quarter of what the embedded stack promoted and dropped).
 */
const KEPT_FROM_VERSION = 4;

function keep(eventStore: EventStore, streamId: string, kept: KeptState): void {
  if (kept.version < KEPT_FROM_VERSION) return;
  let streams = keptStates.get(eventStore);
  if (!streams) keptStates.set(eventStore, (streams = new Map()));
  streams.delete(streamId);
  streams.set(streamId, kept);
  if (streams.size > KEPT_STATES) streams.delete(streams.keys().next().value!);
}

/**
 * The stream's state and version. A decider whose state holds no personal data has its state kept between
 * commands once the stream has `KEPT_FROM_VERSION` events: only the events appended since (by any process)
 * are read and folded on top, so a long stream (a conversation's messages, a night's swipes) costs its new
 * events, not all of them.
 */
export async function loadStream<State, Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Pick<Decider<never, State, Event>, 'evolve' | 'initialState' | 'stateWithoutPersonalData'>,
): Promise<LoadedStream<State>> {
  const kept = decider.stateWithoutPersonalData ? keptStates.get(eventStore)?.get(streamId) : undefined;
  const from = kept?.decider === decider ? kept : undefined;
  const stored = await eventStore.readStream(streamId, from ? { fromVersion: from.version + 1 } : {});
  const events = stored.map((event) => toDomainEvent<Event>(event));
  const loaded = from
    ? { state: events.reduce((state, event) => decider.evolve(state, event), from.state as State), version: from.version + stored.length }
    : { state: foldEvents(decider, events), version: stored.length };
  if (decider.stateWithoutPersonalData) keep(eventStore, streamId, { decider, ...loaded });
  return loaded;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface HandleCommandOptions<Command, State, Event extends DomainEvent> {
  eventStore: EventStore;
  streamId: string;
  decider: Decider<Command, State, Event>;
  /** The command, or a function of the current state that builds it (read-then-decide use cases). */
  command: Command | ((state: State) => Command | Promise<Command>);
  context: CommandContext;
  conflicts?: ConflictPolicy;
  /** Chooses the random wait; tests pass a fixed one. */
  random?: () => number;
}

/**
 * Commands on one stream take turns within a process (per event store), so parallel requests of one person
 * (45 likes at once on their night) are decided one after another instead of conflicting; only other
 * processes can append in between, and the conflict policy below covers those.
 */
const turns = new WeakMap<EventStore, Map<string, Promise<unknown>>>();

function inTurn<T>(eventStore: EventStore, streamId: string, work: () => Promise<T>): Promise<T> {
  let streams = turns.get(eventStore);
  if (!streams) turns.set(eventStore, (streams = new Map()));
  const previous = streams.get(streamId) ?? Promise.resolve();
  const mine = previous.then(work, work);
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  streams.set(streamId, settled);
  // The last in line removes the entry, so idle streams hold no memory.
  void settled.then(() => {
    if (streams.get(streamId) === settled) streams.delete(streamId);
  });
  return mine;
}

/** Turns on several streams, always taken in the same order, so two commands that share streams never wait for each other. */
function inTurns<T>(eventStore: EventStore, streamIds: readonly string[], work: () => Promise<T>): Promise<T> {
  return [...new Set(streamIds)].sort().reduceRight<() => Promise<T>>((inner, streamId) => () => inTurn(eventStore, streamId, inner), work)();
}

/**
 * Load the stream, fold, decide, append with the version that was read (optimistic concurrency). Commands
 * on the same stream in this process take their turn (`inTurn`).
 */
export async function handleCommand<Command, State, Event extends DomainEvent>(options: HandleCommandOptions<Command, State, Event>): Promise<HandledCommand<State, Event>> {
  const { streamId, decider, command } = options;
  return (await handleCommandsTogether({ ...options, streamIds: [streamId], decide: (together) => together.decide(streamId, decider, command) })).value;
}

/** Where the commands of `handleCommandsTogether` are decided, each on its own stream. */
export interface CommandsTogether {
  /**
   * Loads the stream, folds it and decides the command on it. What it decided is appended with what the
   * other commands decided, in one write, once `decide` of `handleCommandsTogether` has returned; the
   * answer's `lastGlobalPosition` is known from then on (0 until then, and when nothing was decided).
   */
  decide<Command, State, Event extends DomainEvent>(streamId: string, decider: Decider<Command, State, Event>, command: Command | ((state: State) => Command | Promise<Command>)): Promise<HandledCommand<State, Event>>;
}

export interface HandleCommandsTogetherOptions<T> {
  eventStore: EventStore;
  /** Every stream `decide` may decide on: their turns are taken first (so `decide` must not run commands of its own on them). */
  streamIds: readonly string[];
  /** Decides the commands (a later one may depend on what an earlier one decided), and answers what the caller needs. */
  decide: (together: CommandsTogether) => Promise<T>;
  context: CommandContext;
  conflicts?: ConflictPolicy;
  /** Chooses the random wait; tests pass a fixed one. */
  random?: () => number;
}

/**
 * Commands on several streams as one write (`EventStore.appendToStreams`): all of what they decided is
 * stored, or none of it; one wait for the disk instead of one per stream. On a conflict on any of the
 * streams every command is decided again against the new states (`defaultConflictPolicy`).
 */
export function handleCommandsTogether<T>(options: HandleCommandsTogetherOptions<T>): Promise<{ value: T; lastGlobalPosition: number }> {
  return inTurns(options.eventStore, options.streamIds, () => decideTogetherAndAppend(options));
}

async function decideTogetherAndAppend<T>(options: HandleCommandsTogetherOptions<T>): Promise<{ value: T; lastGlobalPosition: number }> {
  const { eventStore, context } = options;
  const policy = options.conflicts ?? defaultConflictPolicy;
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    const decided: Array<{ streamId: string; decider: Pick<Decider<never, unknown, DomainEvent>, 'stateWithoutPersonalData'>; version: number; events: NewEvent[]; answer: HandledCommand<unknown, DomainEvent> }> = [];
    const together: CommandsTogether = {
      async decide<Command, State, Event extends DomainEvent>(streamId: string, decider: Decider<Command, State, Event>, command: Command | ((state: State) => Command | Promise<Command>)) {
        if (!options.streamIds.includes(streamId)) throw new Error(`stream ${streamId} is not among the streams of this command`);
        if (decided.some((entry) => entry.streamId === streamId)) throw new Error(`stream ${streamId} is decided twice in one command`);
        const { state, version } = await loadStream(eventStore, streamId, decider);
        const built = typeof command === 'function' ? await (command as (state: State) => Command | Promise<Command>)(state) : command;
        const events = decider.decide(built, state);
        const newEvents: NewEvent[] = events.map((event) => ({
          id: context.newEventId(),
          type: event.type,
          schemaVersion: 1,
          occurredAt: context.now.toISOString(),
          data: event.data,
          ...(context.metadata && { metadata: context.metadata }),
        }));
        const answer: HandledCommand<State, Event> = { state: events.reduce(decider.evolve, state), events, version: version + events.length, lastGlobalPosition: 0 };
        decided.push({ streamId, decider, version, events: newEvents, answer: answer as HandledCommand<unknown, DomainEvent> });
        return answer;
      },
    };
    const value = await options.decide(together);
    const writing = decided.filter((entry) => entry.events.length > 0);
    if (writing.length === 0) return { value, lastGlobalPosition: 0 };
    try {
      const appended = await eventStore.appendToStreams(writing.map(({ streamId, events, version }) => ({ streamId, events, expectedVersion: version })));
      writing.forEach((entry, i) => {
        entry.answer.lastGlobalPosition = appended[i]!.lastGlobalPosition;
        if (entry.decider.stateWithoutPersonalData) keep(eventStore, entry.streamId, { decider: entry.decider, state: entry.answer.state, version: entry.answer.version });
        noteWrites(entry.events.map((event, index) => ({ ...event, streamId: entry.streamId, streamVersion: entry.version + index + 1, globalPosition: appended[i]!.lastGlobalPosition, schemaVersion: 1 })));
      });
      return { value, lastGlobalPosition: Math.max(...appended.map((result) => result.lastGlobalPosition)) };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (attempt >= policy.attempts) throw new RuleViolation('CONFLICT', CONCURRENT_CHANGE_MESSAGE);
      await pause(random() * policy.baseDelayMs * 2 ** (attempt - 1));
    }
  }
}
