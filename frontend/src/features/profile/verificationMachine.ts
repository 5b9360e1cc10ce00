import { assign, fromPromise, setup } from 'xstate';
import { fetchVerification, startVerification, uploadSelfie, type Verification } from '../../api/verification';
import { serverError } from '../../api/http';

export interface VerificationContext {
  verification?: Verification;
  /** The still frame taken, until it is sent or taken again. */
  selfie?: Blob;
  /** What went wrong last, in words for the person. */
  problem?: string;
}

export type VerificationEvent =
  | { type: 'START' }
  | { type: 'CAPTURED'; selfie: Blob }
  | { type: 'CAMERA_FAILED'; problem: string }
  | { type: 'RETAKE' }
  | { type: 'SEND' }
  | { type: 'CLOSE' };

export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';
const problemOf = (error: unknown) => serverError(error)?.message ?? SOMETHING_WENT_WRONG;

/**
 * Verification from the profile: ask (the server names the gesture), take one still frame with the camera,
 * look at it, send it. The camera itself belongs to the screen (it opens while `camera` is active).
 */
export const verificationMachine = setup({
  types: { context: {} as VerificationContext, events: {} as VerificationEvent },
  actors: {
    fetchVerification: fromPromise<Verification>(() => fetchVerification()),
    startVerification: fromPromise<Verification>(() => startVerification()),
    uploadSelfie: fromPromise<Verification, { selfie: Blob }>(({ input }) => uploadSelfie(input.selfie)),
  },
}).createMachine({
  id: 'verification',
  initial: 'loading',
  context: {},
  states: {
    loading: {
      invoke: {
        src: 'fetchVerification',
        onDone: { target: 'idle', actions: assign({ verification: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: assign({ problem: ({ event }) => problemOf(event.error) }) },
      },
    },
    idle: {
      on: { START: { target: 'starting', actions: assign({ problem: undefined }) } },
    },
    starting: {
      invoke: {
        src: 'startVerification',
        onDone: [{ target: 'camera', guard: ({ event }) => event.output.status === 'awaiting-selfie', actions: assign({ verification: ({ event }) => event.output }) }, { target: 'idle', actions: assign({ verification: ({ event }) => event.output }) }],
        onError: { target: 'idle', actions: assign({ problem: ({ event }) => problemOf(event.error) }) },
      },
    },
    camera: {
      on: {
        CAPTURED: { target: 'captured', actions: assign({ selfie: ({ event }) => event.selfie, problem: undefined }) },
        CAMERA_FAILED: { actions: assign({ problem: ({ event }) => event.problem }) },
        CLOSE: 'idle',
      },
    },
    captured: {
      on: {
        RETAKE: { target: 'camera', actions: assign({ selfie: undefined }) },
        SEND: 'sending',
        CLOSE: { target: 'idle', actions: assign({ selfie: undefined }) },
      },
    },
    sending: {
      invoke: {
        src: 'uploadSelfie',
        input: ({ context }) => ({ selfie: context.selfie! }),
        onDone: { target: 'idle', actions: assign({ verification: ({ event }) => event.output, selfie: undefined }) },
        onError: { target: 'captured', actions: assign({ problem: ({ event }) => problemOf(event.error) }) },
      },
    },
  },
});
