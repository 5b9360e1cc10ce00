import { assign, fromPromise, setup } from 'xstate';
import { serverError } from '../../api/http';
import { fetchOwnVoiceIntro, removeVoiceIntro, uploadVoiceIntro, type VoiceIntro } from '../../api/voiceIntro';

export interface VoiceIntroContext {
  saved: VoiceIntro | null;
  /** A recording made here, not sent yet. */
  recording?: Blob;
  problem?: string;
}

export type VoiceIntroEvent =
  | { type: 'RECORD' }
  | { type: 'RECORDED'; recording: Blob }
  | { type: 'MICROPHONE_FAILED'; problem: string }
  | { type: 'SAVE' }
  | { type: 'DISCARD' }
  | { type: 'REMOVE' };

const problemOf = (error: unknown) => serverError(error)?.message ?? 'Something went wrong. Please try again.';

/**
 * The profile edit's voice intro: the saved one (to hear or remove), recording a new one (the screen owns
 * the microphone while `recording` is active), listening to it, and sending it.
 */
export const voiceIntroMachine = setup({
  types: { context: {} as VoiceIntroContext, events: {} as VoiceIntroEvent },
  actors: {
    load: fromPromise<VoiceIntro | null>(() => fetchOwnVoiceIntro()),
    upload: fromPromise<VoiceIntro, { recording: Blob }>(({ input }) => uploadVoiceIntro(input.recording)),
    remove: fromPromise<void>(() => removeVoiceIntro()),
  },
}).createMachine({
  id: 'voiceIntro',
  initial: 'loading',
  context: { saved: null },
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'idle', actions: assign({ saved: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: assign({ problem: ({ event }) => problemOf(event.error) }) },
      },
    },
    idle: {
      on: {
        RECORD: { target: 'recording', actions: assign({ problem: undefined, recording: undefined }) },
        REMOVE: { target: 'removing', guard: ({ context }) => context.saved !== null },
      },
    },
    recording: {
      on: {
        RECORDED: { target: 'recorded', actions: assign({ recording: ({ event }) => event.recording }) },
        MICROPHONE_FAILED: { target: 'idle', actions: assign({ problem: ({ event }) => event.problem }) },
      },
    },
    recorded: {
      on: {
        SAVE: 'uploading',
        RECORD: { target: 'recording', actions: assign({ recording: undefined, problem: undefined }) },
        DISCARD: { target: 'idle', actions: assign({ recording: undefined, problem: undefined }) },
      },
    },
    uploading: {
      invoke: {
        src: 'upload',
        input: ({ context }) => ({ recording: context.recording! }),
        onDone: { target: 'idle', actions: assign({ saved: ({ event }) => event.output, recording: undefined }) },
        onError: { target: 'recorded', actions: assign({ problem: ({ event }) => problemOf(event.error) }) },
      },
    },
    removing: {
      invoke: {
        src: 'remove',
        onDone: { target: 'idle', actions: assign({ saved: null }) },
        onError: { target: 'idle', actions: assign({ problem: ({ event }) => problemOf(event.error) }) },
      },
    },
  },
});
