import { deepStrictEqual } from 'node:assert';
import { foldEvents, type Decider, type DomainEvent } from '../domain/decider';

/**
 * Given/when/then for deciders: `given(pastEvents).when(command).then(newEvents)`,
 * `.thenNothingHappens()` or `.thenThrows(check)`. Throws an assertion error when the decider disagrees.
 */
export function deciderSpecification<Command, State, Event extends DomainEvent>(decider: Decider<Command, State, Event>) {
  return {
    given(past: readonly Event[]) {
      return {
        when(command: Command) {
          const run = () => decider.decide(command, foldEvents(decider, past));
          return {
            then(expected: readonly Event[]) {
              deepStrictEqual(run(), expected);
            },
            thenNothingHappens() {
              deepStrictEqual(run(), []);
            },
            thenThrows(check: (error: unknown) => void) {
              let thrown: unknown;
              let events: Event[] | undefined;
              try {
                events = run();
              } catch (error) {
                thrown = error;
              }
              if (events !== undefined) throw new Error(`expected an error, got events ${JSON.stringify(events)}`);
              check(thrown);
            },
          };
        },
      };
    },
  };
}
