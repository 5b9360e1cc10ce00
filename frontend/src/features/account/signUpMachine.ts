import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { parseAge, signUpSchema, type SignUpInput } from '@nocturne/contracts';
import { signUp, type SessionUser } from '../../api/auth';
import { HttpError, serverError } from '../../api/http';
import { fieldErrorsOf, hasErrors, withServerFieldError, type FieldErrors } from '../../forms/fieldErrors';
import { rememberSignedInUser } from '../../session/browserSession';
import { toast, type ToastInput } from '../../toast/toastStore';
import { locationDialogMachine } from '../location/locationDialogMachine';

export interface SignUpValues {
  username: string;
  email: string;
  name: string;
  age: string;
  password: string;
}
export type SignUpField = keyof SignUpValues;
export const signUpFields: readonly SignUpField[] = ['username', 'email', 'name', 'age', 'password'];

export interface SignUpContext {
  values: SignUpValues;
  fieldErrors: FieldErrors<SignUpField>;
  /** After the first submit, every change re-checks the form so fixed fields lose their message at once. */
  submitted: boolean;
  user?: SessionUser;
  failure?: string;
}

export type SignUpEvent = { type: 'CHANGE'; field: SignUpField; value: string } | { type: 'SUBMIT' };

export const SIGN_UP_FALLBACK_ERROR = 'Signup failed';
export const SIGN_UP_UNREACHABLE = 'Something went wrong. Please try again.';

export const toSignUpInput = (values: SignUpValues) => ({ ...values, age: parseAge(values.age) });

export const validateSignUp = (values: SignUpValues) => fieldErrorsOf<SignUpField>(signUpSchema, toSignUpInput(values));

/** The server's own words when it sent any; a bare refusal reads 'Signup failed'; no answer at all, the generic text. */
export function describeSignUpFailure(error: unknown): string {
  const server = serverError(error);
  if (server) return server.message;
  return error instanceof HttpError ? SIGN_UP_FALLBACK_ERROR : SIGN_UP_UNREACHABLE;
}

const submitTransitions = [{ guard: 'formIsValid', target: 'pending' }, { actions: 'showFieldErrors' }] as const;

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
  },
  actors: {
    signUp: fromPromise<{ user: SessionUser }, SignUpInput>(({ input }) => signUp(input)),
    locationDialog: locationDialogMachine,
  },
  guards: {
    formIsValid: ({ context }) => !hasErrors(validateSignUp(context.values)),
  },
  actions: {
    storeUser: (_, params: { user: SessionUser }) => rememberSignedInUser(params.user),
    notify: (_, params: ToastInput) => {
      toast(params);
    },
    // Components provide the router's navigate; a full page load is the correct default.
    navigate: (_, params: { to: string }) => window.location.assign(params.to),
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'CHANGE');
      const values = { ...context.values, [event.field]: event.value };
      const fieldErrors = context.submitted ? validateSignUp(values) : { ...context.fieldErrors, [event.field]: undefined };
      return { values, fieldErrors };
    }),
    showFieldErrors: assign(({ context }) => ({ submitted: true, fieldErrors: validateSignUp(context.values) })),
  },
}).createMachine({
  id: 'signUp',
  initial: 'form',
  context: {
    values: { username: '', email: '', name: '', age: '18', password: '' },
    fieldErrors: {},
    submitted: false,
  },
  states: {
    form: {
      on: { CHANGE: { actions: 'updateField' }, SUBMIT: [...submitTransitions] },
    },
    pending: {
      entry: assign({ submitted: true, fieldErrors: {}, failure: undefined }),
      invoke: {
        src: 'signUp',
        input: ({ context }) => signUpSchema.parse(toSignUpInput(context.values)),
        onDone: { target: 'success', actions: assign({ user: ({ event }) => event.output.user }) },
        onError: {
          target: 'failure',
          actions: assign({
            failure: ({ event }) => describeSignUpFailure(event.error),
            fieldErrors: ({ context, event }) => withServerFieldError(context.fieldErrors, signUpFields, serverError(event.error)),
          }),
        },
      },
    },
    success: {
      entry: [
        { type: 'storeUser', params: ({ context }) => ({ user: context.user! }) },
        {
          type: 'notify',
          params: ({ context }) => ({
            title: 'Account created!',
            description: `Welcome to Nocturne, ${context.user!.name}. Let's set up your profile so the right people find you.`,
          }),
        },
      ],
      always: { target: 'locationDialog' },
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
      entry: { type: 'navigate', params: { to: '/onboarding' } },
    },
    failure: {
      entry: {
        type: 'notify',
        params: ({ context }) => ({ title: 'Sign up failed', description: context.failure, variant: 'destructive' as const }),
      },
      on: { CHANGE: { target: 'form', actions: 'updateField' }, SUBMIT: [...submitTransitions] },
    },
  },
});
