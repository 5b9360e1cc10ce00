import { Messages, firstFieldError, signUpSchema } from '@nocturne/contracts';
import { RuleViolation } from '@nocturne/platform/domain';
import { SET_SESSION_HEADER, createSubgraphServer, type InternalContext, type SubgraphBaseContext } from '@nocturne/platform/http';
import { InProcessKeyValueStore } from '@nocturne/platform/inprocess';
import { createLogger } from '@nocturne/platform/logging';
import { DependencyTimeout, DependencyUnavailable } from '@nocturne/platform/ports';
import { SessionStore } from '@nocturne/platform/sessions';
import { authSubgraphSdl } from './authSubgraphSdl';

interface StoredUser {
  id: number;
  username: string;
  email: string;
  password: string;
  name: string;
  age: number;
  createdAt: string;
}

/**
 * A stand-in for the auth subgraph with the agreed SDL and session protocol, so the gateway's tests do
 * not depend on the real service: the username `limited` is always rate limited, `database-away` and
 * `database-slow` meet a database that is away or too slow, the reset token `good` is the only valid one.
 */
export function createFakeAuthSubgraph(internalSecret: string) {
  const kv = new InProcessKeyValueStore();
  const sessions = new SessionStore(kv);
  const users: StoredUser[] = [];
  const receivedContexts: InternalContext[] = [];
  const publicUser = ({ password: _password, ...user }: StoredUser) => user;

  const startSession = async (context: SubgraphBaseContext, userId: number) => {
    const { id, maxAgeSeconds } = await sessions.create(userId);
    context.setResponseHeader(SET_SESSION_HEADER, `${id}; Max-Age=${maxAgeSeconds}`);
  };
  const remember = (context: SubgraphBaseContext) => {
    receivedContexts.push(context.internal);
  };

  const server = createSubgraphServer({
    name: 'auth',
    typeDefs: authSubgraphSdl,
    port: 0,
    internalSecret,
    logger: createLogger('fake-auth', { env: { LOG_LEVEL: 'silent' } }),
    resolvers: {
      Query: {
        me: (_: unknown, _args: unknown, context: SubgraphBaseContext) => {
          remember(context);
          const user = users.find((u) => u.id === context.internal.uid);
          return user ? publicUser(user) : null;
        },
      },
      Mutation: {
        signUp: async (_: unknown, { input }: { input: Record<string, unknown> }, context: SubgraphBaseContext) => {
          remember(context);
          const parsed = signUpSchema.safeParse(input);
          if (!parsed.success) {
            const { field, message } = firstFieldError(parsed.error);
            throw new RuleViolation('BAD_USER_INPUT', message, { field });
          }
          const data = parsed.data;
          if (users.some((u) => u.username.toLowerCase() === data.username.toLowerCase())) throw new RuleViolation('CONFLICT', Messages.usernameTaken, { field: 'username' });
          if (users.some((u) => u.email.toLowerCase() === data.email.toLowerCase())) throw new RuleViolation('CONFLICT', Messages.emailTaken, { field: 'email' });
          const user: StoredUser = { id: users.length + 1, ...data, createdAt: new Date().toISOString() };
          users.push(user);
          await startSession(context, user.id);
          return { user: publicUser(user) };
        },
        signIn: async (_: unknown, args: { username: string; password: string }, context: SubgraphBaseContext) => {
          remember(context);
          if (args.username === 'limited') throw new RuleViolation('RATE_LIMITED', Messages.tooManyRequests, { retryAfterSeconds: 42 });
          if (args.username === 'database-away') throw new DependencyUnavailable('database', 7);
          if (args.username === 'database-slow') throw new DependencyTimeout('database', 5_000);
          const user = users.find((u) => u.username === args.username && u.password === args.password);
          if (!user) throw new RuleViolation('UNAUTHENTICATED', Messages.invalidCredentials);
          await startSession(context, user.id);
          return { user: publicUser(user) };
        },
        signOut: async (_: unknown, _args: unknown, context: SubgraphBaseContext) => {
          remember(context);
          if (context.internal.sid) await sessions.revoke(context.internal.sid);
          context.setResponseHeader(SET_SESSION_HEADER, 'clear');
          return true;
        },
        requestPasswordReset: (_: unknown, _args: unknown, context: SubgraphBaseContext) => {
          remember(context);
          return true;
        },
        resetPassword: (_: unknown, args: { token: string }, context: SubgraphBaseContext) => {
          remember(context);
          if (args.token !== 'good') throw new RuleViolation('BAD_USER_INPUT', Messages.resetTokenInvalid, { field: 'token' });
          return true;
        },
      },
    },
  });

  return { server, sessions, kv, receivedContexts };
}
