import type { GraphQLResolverMap } from '@apollo/subgraph';
import type { SubgraphBaseContext } from '@nocturne/platform/http';
import { actorOf } from '@nocturne/platform/kit';
import type { ConversationApplication } from '../conversation/application';
import type { ReportApplication } from '../report/application';
import type { SupportApplication } from '../support/application';

export interface ChatContext extends SubgraphBaseContext {
  conversations: ConversationApplication;
  reports: ReportApplication;
  support: SupportApplication;
}

/** A subscription's value is the field's value. */
const itself = <T>(value: T) => value;

/** Thin: each field hands the caller to the application layer, which checks who may see or do what. */
export const chatResolvers: GraphQLResolverMap<ChatContext> = {
  Query: {
    conversation: (_parent, args: { matchId: number }, context: ChatContext) => context.conversations.conversation(actorOf(context), args.matchId),
    messages: (_parent, args: { matchId: number; limit?: number | null; before?: string | null; after?: string | null }, context: ChatContext) =>
      context.conversations.messages(actorOf(context), args.matchId, { limit: args.limit ?? null, before: args.before ?? null, after: args.after ?? null }),
    conversations: (_parent, _args, context: ChatContext) => context.conversations.conversations(actorOf(context)),
    unreadTotal: (_parent, _args, context: ChatContext) => context.conversations.unreadTotal(actorOf(context)),
    timeFreezes: (_parent, _args, context: ChatContext) => context.conversations.timeFreezes(actorOf(context)),
  },
  Conversation: {
    // The swipe service fills in the rest of the match, for its two people only.
    match: (parent: { matchId: number }) => ({ id: parent.matchId }),
  },
  Mutation: {
    sendMessage: (_parent, args: { input: { matchId: number; content: string; senderId?: number | null } }, context: ChatContext) => context.conversations.send(actorOf(context), args.input),
    markConversationRead: (_parent, args: { matchId: number; upToSeq?: number | null }, context: ChatContext) => context.conversations.markRead(actorOf(context), args.matchId, args.upToSeq ?? null),
    freezeMatch: (_parent, args: { matchId: number }, context: ChatContext) => context.conversations.freeze(actorOf(context), args.matchId),
    setTyping: (_parent, args: { matchId: number; typing: boolean }, context: ChatContext) => context.conversations.setTyping(actorOf(context), args.matchId, args.typing),
    reportUser: async (_parent, args: { input: { userId: number; reason: string; text?: string | null; matchId?: number | null } }, context: ChatContext) => {
      await context.reports.report(actorOf(context), args.input);
      return true;
    },
    contactSupport: async (_parent, args: { input: { subject: string; message: string } }, context: ChatContext) => ({
      received: true,
      ...(await context.support.requestSupport(actorOf(context), args.input)),
    }),
  },
  Subscription: {
    messageSent: { subscribe: (_parent, args: { matchId: number }, context: ChatContext) => context.conversations.messageStream(actorOf(context), args.matchId), resolve: itself },
    typing: { subscribe: (_parent, args: { matchId: number }, context: ChatContext) => context.conversations.typingStream(actorOf(context), args.matchId), resolve: itself },
    messagesRead: { subscribe: (_parent, args: { matchId: number }, context: ChatContext) => context.conversations.readStream(actorOf(context), args.matchId), resolve: itself },
    unreadTotal: { subscribe: (_parent, _args, context: ChatContext) => context.conversations.unreadStream(actorOf(context)), resolve: itself },
    matchCreated: { subscribe: (_parent, _args, context: ChatContext) => context.conversations.matchStream(actorOf(context)), resolve: itself },
    presence: { subscribe: (_parent, args: { userId: number }, context: ChatContext) => context.conversations.presenceStream(actorOf(context), args.userId), resolve: itself },
  },
  Match: {
    __resolveReference: async (reference: { id: number }, context: ChatContext) => ({ id: reference.id, conversation: await context.conversations.conversationIfOpen(actorOf(context), reference.id) }),
  },
  User: {
    __resolveReference: (reference: { id: number }) => ({ id: reference.id }),
    isOnline: async (parent: { id: number }, _args, context: ChatContext) => (await context.conversations.presenceOf(actorOf(context), parent.id)).isOnline,
    lastSeenAt: async (parent: { id: number }, _args, context: ChatContext) => (await context.conversations.presenceOf(actorOf(context), parent.id)).lastSeenAt,
  },
};
