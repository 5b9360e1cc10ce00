/** An event as the domain sees it: what happened, without storage details. */
export interface DomainEvent<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
}

/**
 * `decide(command, state) -> events` and `evolve(state, event) -> state`, both pure: time, ids and
 * randomness arrive inside the command, never from the machine.
 */
export interface Decider<Command, State, Event extends DomainEvent> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
  /**
   * The state holds no personal data (ids, counts and times only): the kit may keep a stream's folded
   * state in memory between commands and fold only the events appended since (a state that held a name
   * would outlive its erasure there).
   */
  stateWithoutPersonalData?: true;
}

/** The state after `events`, from the decider's initial state. */
export function foldEvents<State, Event extends DomainEvent>(
  decider: Pick<Decider<never, State, Event>, 'evolve' | 'initialState'>,
  events: readonly Event[],
): State {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
}
