import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SignInInput } from '@nocturne/contracts';
import { fetchCurrentUser, signIn, type SessionUser } from '../../api/auth';
import { serverError } from '../../api/http';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '../../forms/fieldErrors';
import { loadRules, rules } from '../../forms/lazyRules';
import { rememberSignedInUser } from '../../session/browserSession';
import { browserTimeZone } from '../../time/swipeWindow';
import { toast, type ToastInput } from '../../toast/toastStore';
import { locationPermission } from '../location/geolocation';
import { locationDialogMachine } from '../location/locationDialogMachine';

export interface SignInValues {
  username: string;
  password: string;
}
export type SignInField = keyof SignInValues;

export interface SignInContext {
  values: SignInValues;
  fieldErrors: FieldErrors<SignInField>;
  submitted: boolean;
  user?: SessionUser;
  failure?: string;
}

export type SignInEvent = { type: 'CHANGE'; field: SignInField; value: string } | { type: 'SUBMIT' };

export const SIGN_IN_FALLBACK_ERROR = 'Invalid credentials. Please try again.';

/** The sign-in rules, once fetched (`loadRules`): the screen draws before them, a submit waits for them. */
export const validateSignIn = (values: SignInValues) => fieldErrorsOf<SignInField>(rules().signInSchema, values);

/** Where sign-in leads: onboarding until it is complete; else the feed, after the location dialog only when it is needed. */
export type AfterSignIn = 'onboarding' | 'askLocation' | 'feed';

/**
 * decisions.md, Discovery: the location dialog opens after sign-in only when the account has no position
 * or the browser has not granted location to the site. When the account cannot be read, as the spec says.
 */
export async function whereAfterSignIn(loadUser: () => Promise<SessionUser> = fetchCurrentUser, permission: () => Promise<PermissionState | 'unknown'> = locationPermission): Promise<AfterSignIn> {
  let user: SessionUser;
  try {
    user = await loadUser();
  } catch {
    return 'askLocation';
  }
  if (user.onboardingCompleted === false) return 'onboarding';
  const placed = user.latitude !== null && user.latitude !== undefined;
  return placed && (await permission()) === 'granted' ? 'feed' : 'askLocation';
}

export const describeSignInFailure = (error: unknown) => serverError(error)?.message ?? SIGN_IN_FALLBACK_ERROR;


export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
  },
  actors: {
    loadRules: fromPromise(() => loadRules()),
    signIn: fromPromise<{ user: SessionUser }, SignInInput>(({ input }) => signIn(input)),
    locationDialog: locationDialogMachine,
    whereNext: fromPromise<AfterSignIn>(() => whereAfterSignIn()),
  },
  guards: {
    formIsValid: ({ context }) => !hasErrors(validateSignIn(context.values)),
  },
  actions: {
    storeUser: (_, params: { user: SessionUser }) => rememberSignedInUser(params.user),
    // Night-time follows the person's own zone; a failure here must not stand in the way of signing in.
    syncTimeZone: () => {
      // The GraphQL client is a chunk of its own: the sign-in screen fetches it only once it has signed in.
      import('../../api/profileGraphql')
        .then(({ sendTimeZone }) => sendTimeZone(browserTimeZone()))
        .catch((error: unknown) => console.warn('Sending the time zone failed', error));
    },
    notify: (_, params: ToastInput) => {
      toast(params);
    },
    // Components provide the router's navigate; a full page load is the correct default.
    navigate: (_, params: { to: string }) => window.location.assign(params.to),
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'CHANGE');
      const values = { ...context.values, [event.field]: event.value };
      // After a submit the rules are loaded, and the errors follow the typing.
      const fieldErrors = context.submitted ? validateSignIn(values) : { ...context.fieldErrors, [event.field]: undefined };
      return { values, fieldErrors };
    }),
    showFieldErrors: assign(({ context }) => ({ submitted: true, fieldErrors: validateSignIn(context.values) })),
  },
}).createMachine({
  id: 'signIn',
  initial: 'form',
  context: { values: { username: '', password: '' }, fieldErrors: {}, submitted: false },
  states: {
    form: {
      on: { CHANGE: { actions: 'updateField' }, SUBMIT: { target: 'validating' } },
    },
    validating: {
      invoke: {
        src: 'loadRules',
        onDone: [{ guard: 'formIsValid', target: 'pending' }, { target: 'form', actions: 'showFieldErrors' }],
        onError: { target: 'form', actions: { type: 'notify', params: { title: 'Sign in failed', description: SIGN_IN_FALLBACK_ERROR, variant: 'destructive' as const } } },
      },
      on: { CHANGE: { actions: 'updateField' } },
    },
    pending: {
      entry: assign({ submitted: true, fieldErrors: {}, failure: undefined }),
      invoke: {
        src: 'signIn',
        input: ({ context }) => rules().signInSchema.parse(context.values),
        onDone: { target: 'success', actions: assign({ user: ({ event }) => event.output.user }) },
        onError: { target: 'failure', actions: assign({ failure: ({ event }) => describeSignInFailure(event.error) }) },
      },
    },
    success: {
      entry: [
        { type: 'storeUser', params: ({ context }) => ({ user: context.user! }) },
        { type: 'notify', params: { title: 'Welcome back!', description: "You're signed in successfully." } },
        'syncTimeZone',
      ],
      always: { target: 'choosingNext' },
    },
    choosingNext: {
      invoke: {
        src: 'whereNext',
        onDone: [
          { guard: ({ event }) => event.output === 'onboarding', target: 'toOnboarding' },
          { guard: ({ event }) => event.output === 'feed', target: 'finished' },
          { target: 'locationDialog' },
        ],
        onError: { target: 'locationDialog' },
      },
    },
    toOnboarding: {
      type: 'final',
      entry: { type: 'navigate', params: { to: '/onboarding' } },
    },
    locationDialog: {
      invoke: {
        id: 'locationDialog',
        src: 'locationDialog',
        input: ({ context }) => ({ userId: context.user!.id }),
        onDone: { target: 'finished' },
      },
    },
    finished: {
      type: 'final',
      entry: { type: 'navigate', params: { to: '/feed' } },
    },
    failure: {
      entry: {
        type: 'notify',
        params: ({ context }) => ({ title: 'Sign in failed', description: context.failure, variant: 'destructive' as const }),
      },
      on: { CHANGE: { target: 'form', actions: 'updateField' }, SUBMIT: { target: 'validating' } },
    },
  },
});
