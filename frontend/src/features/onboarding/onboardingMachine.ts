import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { DefaultGender, ProfileLimits, ProfileMessages, type Gender } from '@nocturne/contracts';
import { fetchCurrentUser, type SessionUser } from '../../api/auth';
import { HttpError, serverError } from '../../api/http';
import { arrangePhotos, completeOnboarding, uploadPhotos, type OnboardingSave, type PhotoUploadAnswer, type UploadedPhoto } from '../../api/profile';
import { removePhoto, sendTimeZone } from '../../api/profileGraphql';
import { forgetCurrentUserId } from '../../session/browserSession';
import { browserTimeZone } from '../../time/swipeWindow';
import { toast, type ToastInput } from '../../toast/toastStore';
import { locationDialogMachine } from '../location/locationDialogMachine';

export const ONBOARDING_STEPS = 5;

export interface OnboardingInput {
  /**
   * The signed-in user's id when the caller knows it already. Otherwise the machine asks the server who
   * is signed in (GET /api/auth/user): the session decides, not browser storage, and a visitor without
   * one is sent to /signup.
   */
  userId?: number;
}

export interface OnboardingContext {
  userId?: number;
  step: number;
  gender?: Gender;
  photos: UploadedPhoto[];
  /** Files waiting for, or in, the current upload. */
  pendingFiles: File[];
  kinks: string[];
  interests: string[];
  bio: string;
}

export type OnboardingEvent =
  | { type: 'CHOOSE_GENDER'; gender: Gender }
  | { type: 'ADD_PHOTOS'; files: File[] }
  | { type: 'REMOVE_PHOTO'; id: string }
  | { type: 'ARRANGE_PHOTOS'; ids: string[] }
  | { type: 'TOGGLE_KINK'; kink: string }
  | { type: 'TOGGLE_INTEREST'; interest: string }
  | { type: 'CHANGE_BIO'; bio: string }
  | { type: 'CONTINUE' }
  | { type: 'BACK' }
  | { type: 'SKIP' }
  | { type: 'RETRY' };

export const ONBOARDING_UNREACHABLE = 'Something went wrong. Please try again.';
export const ONBOARDING_FALLBACK_ERROR = 'Update failed';

/** The spec's rule: the server's `error` is the message, a bare refusal reads 'Update failed', no answer the generic text. */
export function describeOnboardingFailure(error: unknown): string {
  const server = serverError(error);
  if (server) return server.message;
  return error instanceof HttpError ? ONBOARDING_FALLBACK_ERROR : ONBOARDING_UNREACHABLE;
}

/** Whether Continue may leave the current step: each of steps 1-4 needs its answer, the bio step never does. */
export function stepIsFilled(context: Pick<OnboardingContext, 'step' | 'gender' | 'photos' | 'kinks' | 'interests'>): boolean {
  switch (context.step) {
    case 1:
      return context.gender !== undefined;
    case 2:
      return context.photos.length > 0;
    case 3:
      return context.kinks.length > 0;
    case 4:
      return context.interests.length > 0;
    default:
      return true;
  }
}

/** What the save sends: whatever exists, with the gender defaulting to Other. */
export function onboardingSaveOf(context: OnboardingContext): OnboardingSave {
  const bio = context.bio.trim();
  return {
    gender: context.gender ?? DefaultGender,
    photos: context.photos.map((photo) => photo.url),
    kinks: context.kinks,
    interests: context.interests,
    ...(bio ? { bio } : {}),
  };
}

const toggle = (list: readonly string[], item: string) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

const isImage = (file: File) => file.type.startsWith('image/');

/** Why some chosen files will not be uploaded, if any will not. */
export function rejectedFilesNotice(files: readonly File[], photosSoFar: number): ToastInput | undefined {
  const images = files.filter(isImage);
  if (images.length < files.length) return { title: 'Upload failed', description: ProfileMessages.photoType, variant: 'destructive' };
  if (images.length > ProfileLimits.photosMax - photosSoFar) return { title: 'Photo limit reached', description: ProfileMessages.photos };
  return undefined;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const explainRejectedFiles = ({ context, event }: { context: OnboardingContext; event: OnboardingEvent }) =>
  event.type === 'ADD_PHOTOS' ? rejectedFilesNotice(event.files, context.photos.length) : undefined;

export const onboardingMachine = setup({
  types: {
    input: {} as OnboardingInput,
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
  },
  actors: {
    loadSignedInUser: fromPromise<SessionUser>(() => fetchCurrentUser()),
    uploadPhotos: fromPromise<PhotoUploadAnswer, File[]>(({ input }) => uploadPhotos(input)),
    removePhoto: fromPromise<void, string>(({ input }) => removePhoto(input)),
    arrangePhotos: fromPromise<unknown, string[]>(({ input }) => arrangePhotos(input)),
    saveOnboarding: fromPromise<unknown, { userId: number; save: OnboardingSave }>(({ input }) => completeOnboarding(input.userId, input.save)),
    locationDialog: locationDialogMachine,
  },
  guards: {
    knowsUser: ({ context }) => context.userId !== undefined,
    /** Only a 401 means nobody is signed in; anything else (gateway down) is worth a retry. */
    signedOut: ({ event }) => {
      const { error } = event as { error?: unknown };
      return error instanceof HttpError && error.status === 401;
    },
    stepIsFilled: ({ context }) => stepIsFilled(context),
    onLastStep: ({ context }) => context.step === ONBOARDING_STEPS,
    afterFirstStep: ({ context }) => context.step > 1,
    hasRoomForPhotos: ({ context, event }) => {
      assertEvent(event, 'ADD_PHOTOS');
      return context.photos.length < ProfileLimits.photosMax && event.files.some(isImage);
    },
  },
  actions: {
    notify: (_, params: ToastInput | undefined) => {
      if (params) toast(params);
    },
    // Components provide the router's navigate; a full page load is the correct default.
    navigate: (_, params: { to: string }) => window.location.assign(params.to),
    forgetUser: () => forgetCurrentUserId(),
    syncTimeZone: () => {
      sendTimeZone(browserTimeZone()).catch((error: unknown) => console.warn('Sending the time zone failed', error));
    },
    nextStep: assign({ step: ({ context }) => Math.min(ONBOARDING_STEPS, context.step + 1) }),
    previousStep: assign({ step: ({ context }) => Math.max(1, context.step - 1) }),
    chooseGender: assign({
      gender: ({ event }) => {
        assertEvent(event, 'CHOOSE_GENDER');
        return event.gender;
      },
    }),
    toggleKink: assign({
      kinks: ({ context, event }) => {
        assertEvent(event, 'TOGGLE_KINK');
        return toggle(context.kinks, event.kink);
      },
    }),
    toggleInterest: assign({
      interests: ({ context, event }) => {
        assertEvent(event, 'TOGGLE_INTEREST');
        return toggle(context.interests, event.interest);
      },
    }),
    changeBio: assign({
      bio: ({ event }) => {
        assertEvent(event, 'CHANGE_BIO');
        return event.bio.slice(0, ProfileLimits.bioMax);
      },
    }),
    /** Keeps image files only, and no more than the room left under the limit of 6. */
    queuePhotos: assign({
      pendingFiles: ({ context, event }) => {
        assertEvent(event, 'ADD_PHOTOS');
        return event.files.filter(isImage).slice(0, ProfileLimits.photosMax - context.photos.length);
      },
    }),
  },
}).createMachine({
  id: 'onboarding',
  initial: 'checking',
  context: ({ input }) => ({
    userId: input?.userId,
    step: 1,
    photos: [],
    pendingFiles: [],
    kinks: [],
    interests: [],
    bio: '',
  }),
  states: {
    checking: {
      always: [{ guard: 'knowsUser', target: 'editing' }, { target: 'loadingUser' }],
    },
    loadingUser: {
      invoke: {
        src: 'loadSignedInUser',
        onDone: { target: 'editing', actions: assign({ userId: ({ event }) => event.output.id }) },
        onError: [{ guard: 'signedOut', target: 'redirected' }, { target: 'unavailable' }],
      },
    },
    unavailable: {
      on: { RETRY: 'loadingUser' },
    },
    redirected: {
      type: 'final',
      entry: { type: 'navigate', params: { to: '/signup' } },
    },
    editing: {
      type: 'parallel',
      states: {
        steps: {
          on: {
            CHOOSE_GENDER: { actions: 'chooseGender' },
            TOGGLE_KINK: { actions: 'toggleKink' },
            TOGGLE_INTEREST: { actions: 'toggleInterest' },
            CHANGE_BIO: { actions: 'changeBio' },
            CONTINUE: [
              { guard: 'onLastStep', target: '#onboarding.saving' },
              { guard: 'stepIsFilled', actions: 'nextStep' },
            ],
            SKIP: [{ guard: 'onLastStep', target: '#onboarding.saving' }, { actions: 'nextStep' }],
            BACK: { guard: 'afterFirstStep', actions: 'previousStep' },
          },
        },
        photos: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                ADD_PHOTOS: [
                  { guard: 'hasRoomForPhotos', target: 'uploading', actions: [{ type: 'notify', params: explainRejectedFiles }, 'queuePhotos'] },
                  { actions: { type: 'notify', params: explainRejectedFiles } },
                ],
                REMOVE_PHOTO: { target: 'removing' },
                ARRANGE_PHOTOS: { target: 'arranging' },
              },
            },
            arranging: {
              // Kept on the server at once, like uploads and removals; the save sends the same order again.
              on: { ARRANGE_PHOTOS: { target: 'arranging', reenter: true } },
              entry: assign({
                photos: ({ context, event }) => {
                  assertEvent(event, 'ARRANGE_PHOTOS');
                  const byId = new Map(context.photos.map((photo) => [photo.id, photo]));
                  return event.ids.map((id) => byId.get(id)).filter((photo) => photo !== undefined);
                },
              }),
              invoke: {
                src: 'arrangePhotos',
                input: ({ context }) => context.photos.map((photo) => photo.id),
                onDone: 'idle',
                onError: {
                  target: 'idle',
                  actions: { type: 'notify', params: { title: 'Order not saved', description: ONBOARDING_UNREACHABLE, variant: 'destructive' } },
                },
              },
            },
            uploading: {
              entry: {
                type: 'notify',
                params: ({ context }) => ({ title: 'Uploading photos...', description: `Adding ${plural(context.pendingFiles.length, 'photo')} to your profile` }),
              },
              invoke: {
                src: 'uploadPhotos',
                input: ({ context }) => context.pendingFiles,
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({ photos: ({ context, event }) => [...context.photos, ...event.output.added], pendingFiles: [] }),
                    {
                      type: 'notify',
                      params: ({ event }) => ({ title: 'Photos added', description: `${plural(event.output.added.length, 'photo')} uploaded` }),
                    },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    assign({ pendingFiles: [] }),
                    {
                      type: 'notify',
                      params: ({ event }) => ({ title: 'Upload failed', description: describeOnboardingFailure(event.error), variant: 'destructive' as const }),
                    },
                  ],
                },
              },
            },
            removing: {
              // Removed at once on the server too, so that its limit of 6 counts what the person sees.
              entry: assign({
                photos: ({ context, event }) => {
                  assertEvent(event, 'REMOVE_PHOTO');
                  return context.photos.filter((photo) => photo.id !== event.id);
                },
              }),
              invoke: {
                src: 'removePhoto',
                input: ({ event }) => {
                  assertEvent(event, 'REMOVE_PHOTO');
                  return event.id;
                },
                onDone: 'idle',
                onError: {
                  target: 'idle',
                  actions: { type: 'notify', params: { title: 'Photo not removed', description: ONBOARDING_UNREACHABLE, variant: 'destructive' } },
                },
              },
            },
          },
        },
      },
    },
    saving: {
      invoke: {
        src: 'saveOnboarding',
        input: ({ context }) => ({ userId: context.userId!, save: onboardingSaveOf(context) }),
        onDone: {
          target: 'locationDialog',
          actions: [{ type: 'notify', params: { title: 'Profile updated!', description: 'Your preferences have been saved.' } }, 'syncTimeZone'],
        },
        onError: {
          target: 'editing',
          actions: {
            type: 'notify',
            params: ({ event }) => ({ title: 'Update failed', description: describeOnboardingFailure(event.error), variant: 'destructive' as const }),
          },
        },
      },
    },
    locationDialog: {
      invoke: { id: 'locationDialog', src: 'locationDialog', input: {}, onDone: 'finished' },
    },
    finished: {
      type: 'final',
      entry: ['forgetUser', { type: 'navigate', params: { to: '/feed' } }],
    },
  },
});
