import { SET_DEVICE_HEADER, SET_SESSION_HEADER, signedInViewer, type SubgraphBaseContext } from '@nocturne/platform/http';
import { actorOf } from '@nocturne/platform/kit';
import type { GraphQLResolverMap } from '@apollo/subgraph';
import type { AccountView, AuthApplication, NewSession } from '../account/application';
import type { IssuedDevice } from '../account/knownDevices';

export interface AuthContext extends SubgraphBaseContext {
  auth: AuthApplication;
  /** Set by sign-up and sign-in: the request's answer already belongs to the new session's user. */
  signedInAs?: number;
}

const viewerOf = (context: AuthContext) => context.signedInAs ?? context.internal.uid;

/** The gateway turns both instructions into cookies: the session's and the device's (now known to the account). */
const setSession = (context: AuthContext, session: NewSession, device: IssuedDevice) => {
  context.setResponseHeader(SET_SESSION_HEADER, `${session.id}; Max-Age=${session.maxAgeSeconds}`);
  context.setResponseHeader(SET_DEVICE_HEADER, `${device.id}; Max-Age=${device.maxAgeSeconds}`);
};
const clearSession = (context: AuthContext) => context.setResponseHeader(SET_SESSION_HEADER, 'clear');

interface SignUpArgs {
  input: { username: string; email: string; password: string; name: string; age: number };
}

/** Thin: each field hands the actor (actorOf) to the application layer, which checks who may do what. */
export const authResolvers: GraphQLResolverMap<AuthContext> = {
  Query: {
    me: (_parent, _args, context: AuthContext) => context.auth.me(actorOf(context)),
  },
  Mutation: {
    signUp: async (_parent, { input }: SignUpArgs, context: AuthContext) => {
      const { user, session, device } = await context.auth.signUp(input, actorOf(context));
      setSession(context, session, device);
      context.signedInAs = user.id;
      return { user };
    },
    signIn: async (_parent, args: { username: string; password: string }, context: AuthContext) => {
      const { user, session, device } = await context.auth.signIn(args, actorOf(context));
      setSession(context, session, device);
      context.signedInAs = user.id;
      return { user };
    },
    signOut: async (_parent, _args, context: AuthContext) => {
      await context.auth.signOut(actorOf(context));
      clearSession(context);
      return true;
    },
    requestPasswordReset: async (_parent, args: { email: string }, context: AuthContext) => {
      await context.auth.requestPasswordReset(args, actorOf(context));
      return true;
    },
    resetPassword: async (_parent, args: { token: string; password: string }, context: AuthContext) => {
      const { userId } = await context.auth.resetPassword(args, actorOf(context));
      // The session this request came with (if it was this account's) ended with the others.
      if (context.internal.uid === userId) clearSession(context);
      return true;
    },
    deleteAccount: async (_parent, _args, context: AuthContext) => {
      await context.auth.deleteAccount(actorOf(context));
      clearSession(context);
      return true;
    },
  },
  User: {
    // Nothing (null) of a deleted or unknown account, or of someone who blocked the viewer or whom the viewer blocked.
    __resolveReference: (reference: { id: number }, context: AuthContext) => context.auth.userAs(signedInViewer(context.internal, context.signedInAs), Number(reference.id)),
    email: (user: AccountView, _args, context: AuthContext) => (viewerOf(context) === user.id ? user.email : null),
  },
};
