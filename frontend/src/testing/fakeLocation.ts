import { fromPromise, waitFor, type AnyActorRef } from 'xstate';
import type { Coordinates } from '../api/profile';
import { locationDialogMachine } from '../features/location/locationDialogMachine';

/**
 * The location dialog with a fake device and a fake server: `lookUp` answers the geolocation lookup,
 * `save` the location calls. Its toasts are recorded in `notify`.
 */
export function fakeLocationDialog({
  lookUp = () => new Promise<Coordinates>(() => {}),
  save = async () => {},
}: {
  lookUp?: () => Promise<Coordinates>;
  save?: (input: { position: Coordinates; userId?: number }) => Promise<void>;
} = {}) {
  const notify = jest.fn();
  const saveLocation = jest.fn(save);
  const machine = locationDialogMachine.provide({
    actors: { lookUpPosition: fromPromise(lookUp), saveLocation: fromPromise(({ input }) => saveLocation(input)) },
    actions: { notify },
  });
  return { machine, notify, saveLocation };
}

/** Waits for a parent machine to open its location dialog, then answers it with `choice`. */
export async function answerLocationDialog(actor: AnyActorRef, choice: 'SKIP' | 'ENABLE' = 'SKIP') {
  await waitFor(actor, (snapshot) => Boolean(snapshot.children.locationDialog));
  actor.getSnapshot().children.locationDialog.send({ type: choice });
}
