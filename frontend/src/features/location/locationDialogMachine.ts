import { assign, fromPromise, setup } from 'xstate';
import { updateLocation, updateUserLocation, type Coordinates } from '../../api/profile';
import { toast, type ToastInput } from '../../toast/toastStore';
import { LocationLookupError, lookUpPosition } from './geolocation';

export interface LocationDialogInput {
  /** The stored id after sign-up or sign-in: the position is then also sent as the account's place text. */
  userId?: number;
}

export interface LocationDialogContext {
  userId?: number;
  position?: Coordinates;
  outcome?: 'enabled' | 'skipped';
}

export type LocationDialogEvent = { type: 'ENABLE' } | { type: 'SKIP' };

export interface LocationDialogOutput {
  outcome: 'enabled' | 'skipped';
}

export const LOCATION_UNAVAILABLE = 'Unable to access location';

/** What the toast says when the lookup failed: the device's own reason, else a generic one. */
export function describeLookupFailure(error: unknown): ToastInput {
  if (error instanceof LocationLookupError || (error instanceof Error && error.name === 'GeolocationPositionError')) {
    return { title: 'Location Access Denied', description: error.message || LOCATION_UNAVAILABLE, variant: 'destructive' };
  }
  return LOCATION_EXCEPTION;
}

export const LOCATION_EXCEPTION: ToastInput = { title: 'Location Error', description: 'Failed to enable location services', variant: 'destructive' };

/**
 * Sends the position to the server. The second call of the spec (after sign-up or sign-in) may fail on
 * its own without spoiling the first: its failure is only logged.
 */
export async function saveLocation({ position, userId }: { position: Coordinates; userId?: number }): Promise<void> {
  await updateLocation(position);
  if (userId === undefined) return;
  try {
    await updateUserLocation(userId, position);
  } catch (error) {
    console.warn('Saving the location text failed', error);
  }
}

export const locationDialogMachine = setup({
  types: {
    input: {} as LocationDialogInput,
    context: {} as LocationDialogContext,
    events: {} as LocationDialogEvent,
    output: {} as LocationDialogOutput,
  },
  actors: {
    lookUpPosition: fromPromise<Coordinates>(() => lookUpPosition()),
    saveLocation: fromPromise<void, { position: Coordinates; userId?: number }>(({ input }) => saveLocation(input)),
  },
  actions: {
    notify: (_, params: ToastInput) => {
      toast(params);
    },
  },
}).createMachine({
  id: 'locationDialog',
  initial: 'idle',
  context: ({ input }) => ({ userId: input?.userId }),
  output: ({ context }) => ({ outcome: context.outcome ?? 'skipped' }),
  states: {
    idle: {
      on: {
        ENABLE: 'requesting',
        SKIP: { target: 'closed', actions: assign({ outcome: 'skipped' as const }) },
      },
    },
    requesting: {
      invoke: {
        src: 'lookUpPosition',
        onDone: { target: 'saving', actions: assign({ position: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: { type: 'notify', params: ({ event }) => describeLookupFailure(event.error) } },
      },
    },
    saving: {
      invoke: {
        src: 'saveLocation',
        input: ({ context }) => ({ position: context.position!, userId: context.userId }),
        onDone: {
          target: 'closed',
          actions: [
            assign({ outcome: 'enabled' as const }),
            { type: 'notify', params: { title: 'Location Enabled', description: "You'll now see distances to nearby users" } },
          ],
        },
        onError: { target: 'idle', actions: { type: 'notify', params: LOCATION_EXCEPTION } },
      },
    },
    closed: { type: 'final' },
  },
});
