import { z } from 'zod';
import { Messages, ageSchema, forgotPasswordSchema, parseAge, resetPasswordSchema, signInSchema, signUpSchema } from '@nocturne/contracts';
import {
  ACCOUNT_FIELDS,
  CURRENT_USER_FIELDS,
  PASSWORD_RESET_REQUESTED,
  accountAnswerSchema,
  currentUserAnswerSchema,
  okAnswerSchema,
  passwordResetRequestedAnswerSchema,
  toCurrentUser,
  type AccountUser,
  type CurrentUserData,
} from '@nocturne/contracts/api';
import { HttpError, asObject, defineRoute, parseWith, validationError as validation, type RestRoute } from '@nocturne/platform/rest';

const rateLimited = { status: 429, description: 'Too many attempts; `Retry-After` says when to try again' };

const signUp = defineRoute({
  method: 'post',
  path: '/api/auth/signup',
  operationId: 'signUp',
  summary: 'Create an account and sign in',
  tag: 'auth',
  access: 'public',
  // Forms send age as text, so a whole-number string is accepted as well.
  requestBody: signUpSchema.extend({ age: z.union([ageSchema, z.string().regex(/^\s*\d+\s*$/)]) }),
  parseInput: (body) => {
    const fields = asObject(body);
    return parseWith(signUpSchema, { ...fields, age: parseAge(fields.age) });
  },
  success: { status: 201, description: 'The new account; the session cookie is set', schema: accountAnswerSchema, setsSessionCookie: true },
  errors: [validation, { status: 409, description: 'Username or email taken; `field` names which' }, rateLimited],
  handle: async ({ input, execute }) => {
    const data = await execute<{ signUp: { user: AccountUser } }>(`mutation SignUp($input: SignUpInput!) { signUp(input: $input) { user { ${ACCOUNT_FIELDS} } } }`, { input });
    return { status: 201, body: { user: data.signUp.user } };
  },
});

const signIn = defineRoute({
  method: 'post',
  path: '/api/auth/signin',
  operationId: 'signIn',
  summary: 'Sign in with username and password',
  tag: 'auth',
  access: 'public',
  requestBody: signInSchema,
  success: { status: 200, description: 'The signed-in user; a new session cookie is set', schema: accountAnswerSchema, setsSessionCookie: true },
  errors: [validation, { status: 401, description: `'${Messages.invalidCredentials}'` }, rateLimited],
  handle: async ({ input, execute }) => {
    const data = await execute<{ signIn: { user: AccountUser } }>(
      `mutation SignIn($username: String!, $password: String!) { signIn(username: $username, password: $password) { user { ${ACCOUNT_FIELDS} } } }`,
      input,
    );
    return { body: { user: data.signIn.user } };
  },
});

const currentUser = defineRoute({
  method: 'get',
  path: '/api/auth/user',
  operationId: 'currentUser',
  summary: 'The signed-in user: account, profile, settings and counts',
  tag: 'auth',
  access: 'signedIn',
  parseInput: () => undefined,
  success: { status: 200, description: 'The signed-in user', schema: currentUserAnswerSchema },
  errors: [],
  handle: async ({ execute }) => {
    const data = await execute<{ me: CurrentUserData | null }>(`query CurrentUser { me { ${CURRENT_USER_FIELDS} } }`);
    if (!data.me) throw new HttpError(401, Messages.signedOut);
    return { body: { user: toCurrentUser(data.me) } };
  },
});

const signOut = defineRoute({
  method: 'post',
  path: '/api/auth/signout',
  operationId: 'signOut',
  summary: 'End the current session',
  tag: 'auth',
  access: 'public',
  requestBody: z.object({}).describe('Empty; the JSON content type is still required'),
  parseInput: () => undefined,
  success: { status: 200, description: 'Signed out (also when there was no session); the cookie is cleared', schema: okAnswerSchema, clearsSessionCookie: true },
  errors: [],
  handle: async ({ execute, context }) => {
    if (context.session) {
      try {
        await execute(`mutation SignOut { signOut }`);
      } catch (error) {
        // A session that ended meanwhile is already signed out.
        if (!(error instanceof HttpError && error.status === 401)) throw error;
      }
    }
    return { body: { ok: true as const }, clearSession: true };
  },
});

const forgotPassword = defineRoute({
  method: 'post',
  path: '/api/forgot-password',
  operationId: 'requestPasswordReset',
  summary: 'Email a password reset link (the answer never says whether the address has an account)',
  tag: 'auth',
  access: 'public',
  requestBody: forgotPasswordSchema,
  success: { status: 200, description: 'Always, for a valid address', schema: passwordResetRequestedAnswerSchema },
  errors: [validation, rateLimited],
  handle: async ({ input, execute }) => {
    await execute(`mutation RequestPasswordReset($email: String!) { requestPasswordReset(email: $email) }`, input);
    return { body: { message: PASSWORD_RESET_REQUESTED } as const };
  },
});

const resetPassword = defineRoute({
  method: 'post',
  path: '/api/reset-password',
  operationId: 'resetPassword',
  summary: 'Set a new password with the emailed token; ends every session of the account',
  tag: 'auth',
  access: 'public',
  requestBody: resetPasswordSchema,
  success: { status: 200, description: 'Password changed', schema: okAnswerSchema },
  errors: [{ status: 400, description: `A rule failed, or '${Messages.resetTokenInvalid}' (field token)` }, rateLimited],
  handle: async ({ input, execute }) => {
    const data = await execute<{ resetPassword: boolean }>(`mutation ResetPassword($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }`, input);
    if (!data.resetPassword) throw new HttpError(400, Messages.resetTokenInvalid, 'token');
    return { body: { ok: true as const } };
  },
});

/** Auth's calls of the REST facade (`/api/auth/*`), served by the gateway. */
export const authRoutes: RestRoute[] = [signUp, signIn, currentUser, signOut, forgotPassword, resetPassword];
