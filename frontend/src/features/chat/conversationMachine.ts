import { assertEvent, assign, fromCallback, fromPromise, not, raise, setup, spawnChild, stateIn, type EventObject } from 'xstate';
import { ChatMessages, IceBreakers, type ReportReason } from '@nocturne/contracts';
import { fetchConversations, fetchMessages, markConversationRead, otherDeleted, sendMessage, setTyping, unmatch, type ChatMessage, type ConversationSummary, type MessagePage } from '../../api/chat';
import { limitReasonOf } from '../../api/limitReason';
import { blockPerson, reportPerson } from '../../api/safety';
import { BLOCK_FAILED, REPORT_FAILED, REPORT_SENT } from '../safety/safetyToasts';
import { onReconnected, subscribeLive } from '../../live/liveClient';
import { toast, type ToastInput } from '../../toast/toastStore';

/** Typing is announced at most this often while the person keeps typing. */
export const TYPING_EVERY_MS = 3_000;

export const SEND_FAILED: ToastInput = { title: ChatMessages.sendFailedTitle, description: ChatMessages.sendFailed, variant: 'destructive' };
/** Not while the person's own unmatch or block is on its way (its answer leads back to the list). */
const staying = stateIn({ open: { leaving: 'idle' } });

export const UNMATCH_FAILED: ToastInput = { title: 'Error', description: 'Could not unmatch. Please try again.', variant: 'destructive' };

/** Adds messages by id, in conversation order: a message seen live and fetched again appears once. */
export const merged = (current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] => {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
};

/** The position of the last message the other person sent, if any. */
export const lastFromOther = (messages: readonly ChatMessage[], userId: number): number | undefined => messages.findLast((message) => message.senderId !== userId)?.seq;

export interface ConversationLoad {
  /** The match with its conversation, or null when it is no longer among the person's matches. */
  conversation: ConversationSummary | null;
  page: MessagePage;
}

export interface ConversationContext {
  matchId: number;
  userId: number;
  conversation: ConversationSummary | null;
  /** Every message fetched or received, in conversation order. */
  messages: ChatMessage[];
  /** Where the history before the first message shown continues; null when it starts there. */
  olderCursor: string | null;
  online: boolean;
  /** The other person's read marker, on plans with read receipts; null otherwise. */
  seenUpTo: number | null;
  otherTyping: boolean;
  draft: string;
  /** When typing was last announced (Date.now()); 0 after a send, so the next keystroke announces again. */
  typingAnnouncedAt: number;
  /** The other person's last message already marked as read. */
  markedReadUpTo: number | null;
  /** More may have arrived while a catch-up or reload was on its way: fetch once more after it. */
  catchUpAgain: boolean;
}

export type ConversationEvent =
  // From the live socket.
  | { type: 'MESSAGE_RECEIVED'; message: ChatMessage }
  | { type: 'MESSAGES_ENDED' }
  | { type: 'TYPING_CHANGED'; typing: boolean }
  | { type: 'PRESENCE_CHANGED'; isOnline: boolean }
  | { type: 'READ_UP_TO'; seq: number }
  | { type: 'UNREAD_CHANGED'; total: number }
  | { type: 'RECONNECTED' }
  // From the person.
  | { type: 'TYPE'; draft: string }
  | { type: 'SUGGEST_ICE_BREAKER' }
  | { type: 'SEND' }
  | { type: 'LOAD_OLDER' }
  | { type: 'CLOSE_PROMPT' }
  | { type: 'TOGGLE_MENU' }
  | { type: 'CHOOSE_UNMATCH' }
  | { type: 'CHOOSE_BLOCK' }
  | { type: 'CHOOSE_REPORT' }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM_UNMATCH' }
  | { type: 'CONFIRM_BLOCK' }
  | { type: 'CONFIRM_REPORT'; reason: ReportReason; text: string }
  // Raised by the machine itself.
  | { type: 'RELOAD' }
  | { type: 'CATCH_UP' };

const isChatLimit = (error: unknown) => limitReasonOf(error) === 'chat-limit';

/** One live subscription as an actor: its values become events for the conversation. */
function liveSubscription<T, Input>(query: string, variables: (input: Input) => Record<string, unknown>, toEvent: (value: T) => ConversationEvent | undefined, onEnd?: ConversationEvent) {
  return fromCallback<EventObject, Input>(({ input, sendBack }) =>
    subscribeLive<T>(
      query,
      variables(input),
      (value) => {
        const event = toEvent(value);
        if (event) sendBack(event);
      },
      onEnd && (() => sendBack(onEnd)),
      onEnd && (() => sendBack(onEnd)),
    ),
  );
}

/**
 * One conversation (the spec's Chat screen, and decisions.md's Chat): its messages fetched and then followed live, what
 * a dropped connection missed fetched once it is back, typing both ways, 'Online now', 'Seen' where the
 * plan allows, older messages on request, the composer, and the menu that unmatches, blocks or reports. When the
 * match ends (the server ends the message subscription) the conversation is loaded again, which says why.
 */
export const conversationMachine = setup({
  types: {
    context: {} as ConversationContext,
    events: {} as ConversationEvent,
    input: {} as { matchId: number; userId: number },
  },
  actors: {
    loadConversation: fromPromise<ConversationLoad, { matchId: number }>(async ({ input }) => {
      const [conversations, page] = await Promise.all([fetchConversations(), fetchMessages(input.matchId)]);
      return { conversation: conversations.find((conversation) => conversation.matchId === input.matchId) ?? null, page };
    }),
    checkOtherDeleted: fromPromise<boolean, { matchId: number }>(({ input }) => otherDeleted(input.matchId)),
    fetchNewer: fromPromise<MessagePage, { matchId: number; afterSeq: number }>(({ input }) => fetchMessages(input.matchId, { after: input.afterSeq })),
    fetchOlder: fromPromise<MessagePage, { matchId: number; before: string }>(({ input }) => fetchMessages(input.matchId, { before: input.before })),
    sendMessage: fromPromise<ChatMessage, { matchId: number; senderId: number; content: string }>(({ input }) => sendMessage(input.matchId, input.senderId, input.content)),
    // Typing and read marks are best effort: a lost one is not worth telling anyone.
    announceTyping: fromPromise<void, { matchId: number }>(({ input }) => setTyping(input.matchId, true).then(() => undefined, () => undefined)),
    markRead: fromPromise<void, { matchId: number; upToSeq: number }>(({ input }) => markConversationRead(input.matchId, input.upToSeq).then(() => undefined, () => undefined)),
    unmatch: fromPromise<void, { matchId: number }>(({ input }) => unmatch(input.matchId).then(() => undefined)),
    block: fromPromise<void, { userId: number }>(({ input }) => blockPerson(input.userId)),
    report: fromPromise<void, { userId: number; matchId: number; reason: ReportReason; text: string }>(({ input }) => reportPerson(input)),
    liveMessages: liveSubscription<{ messageSent: ChatMessage }, { matchId: number }>(
      'subscription Messages($m: Int!) { messageSent(matchId: $m) { id content senderId matchId createdAt seq } }',
      ({ matchId }) => ({ m: matchId }),
      ({ messageSent }) => ({ type: 'MESSAGE_RECEIVED', message: messageSent }),
      { type: 'MESSAGES_ENDED' },
    ),
    liveTyping: liveSubscription<{ typing: { typing: boolean } }, { matchId: number }>('subscription Typing($m: Int!) { typing(matchId: $m) { typing } }', ({ matchId }) => ({ m: matchId }), ({ typing }) => ({ type: 'TYPING_CHANGED', typing: typing.typing })),
    livePresence: liveSubscription<{ presence: { isOnline: boolean } }, { userId: number }>('subscription Presence($u: Int!) { presence(userId: $u) { isOnline } }', ({ userId }) => ({ u: userId }), ({ presence }) => ({ type: 'PRESENCE_CHANGED', isOnline: presence.isOnline })),
    liveReadReceipts: liveSubscription<{ messagesRead: number }, { matchId: number }>('subscription Seen($m: Int!) { messagesRead(matchId: $m) }', ({ matchId }) => ({ m: matchId }), ({ messagesRead }) => ({ type: 'READ_UP_TO', seq: messagesRead })),
    liveUnread: liveSubscription<{ unreadTotal: number }, void>('subscription ConversationUnread { unreadTotal }', () => ({}), ({ unreadTotal }) => ({ type: 'UNREAD_CHANGED', total: unreadTotal })),
    reconnections: fromCallback<EventObject>(({ sendBack }) => onReconnected(() => sendBack({ type: 'RECONNECTED' }))),
  },
  guards: {
    conversationFound: (_, params: { load: ConversationLoad }) => params.load.conversation !== null,
    otherDeleted: (_, params: { deleted: boolean }) => params.deleted,
    hasReadReceipts: ({ context }) => context.seenUpTo !== null,
    hasOlderMessages: ({ context }) => context.olderCursor !== null,
    draftIsSendable: ({ context }) => context.draft.trim() !== '' && !context.conversation?.otherDeleted,
    typingIsDue: ({ context, event }) => {
      assertEvent(event, 'TYPE');
      return event.draft.trim() !== '' && Date.now() - context.typingAnnouncedAt > TYPING_EVERY_MS;
    },
    unreadArrived: ({ event }) => {
      assertEvent(event, 'UNREAD_CHANGED');
      return event.total > 0;
    },
    catchUpAgain: ({ context }) => context.catchUpAgain,
    /** Found again, and a catch-up was asked for meanwhile. */
    foundAndBehind: ({ context }, params: { load: ConversationLoad }) => params.load.conversation !== null && context.catchUpAgain,
    refusedByChatLimit: (_, params: { error: unknown }) => isChatLimit(params.error),
    /** The other person's newest message on screen is not marked as read yet. */
    unreadOnScreen: ({ context }) => {
      const last = lastFromOther(context.messages, context.userId);
      return last !== undefined && last !== context.markedReadUpTo;
    },
  },
  actions: {
    notify: (_, params: ToastInput) => {
      toast(params);
    },
    // The view provides the way back to the list of matches.
    leave: () => undefined,
    storeConversation: assign(({ context }, params: { load: ConversationLoad }) => {
      const { conversation, page } = params.load;
      return {
        conversation,
        online: conversation?.otherUser.isOnline ?? false,
        seenUpTo: conversation?.otherReadUpTo ?? null,
        messages: merged(context.messages, page.messages),
        // A reload keeps how far back the person has already read.
        olderCursor: context.olderCursor ?? page.olderCursor,
      };
    }),
    addMessages: assign(({ context }, params: { messages: readonly ChatMessage[] }) => ({ messages: merged(context.messages, params.messages) })),
    addOlderPage: assign(({ context }, params: { page: MessagePage }) => ({ messages: merged(context.messages, params.page.messages), olderCursor: params.page.olderCursor })),
    receiveMessage: assign(({ context, event }) => {
      assertEvent(event, 'MESSAGE_RECEIVED');
      return { messages: merged(context.messages, [event.message]), otherTyping: event.message.senderId === context.userId ? context.otherTyping : false };
    }),
    storeDraft: assign(({ event }) => {
      assertEvent(event, 'TYPE');
      return { draft: event.draft };
    }),
    suggestIceBreaker: assign({ draft: () => IceBreakers[Math.floor(Math.random() * IceBreakers.length)]! }),
    announceTyping: spawnChild('announceTyping', { input: ({ context }) => ({ matchId: context.matchId }) }),
    noteTypingAnnounced: assign({ typingAnnouncedAt: () => Date.now() }),
    clearDraft: assign({ draft: '', typingAnnouncedAt: 0 }),
    markRead: spawnChild('markRead', { input: ({ context }) => ({ matchId: context.matchId, upToSeq: lastFromOther(context.messages, context.userId)! }) }),
    noteMarkedRead: assign(({ context }) => ({ markedReadUpTo: lastFromOther(context.messages, context.userId) ?? null })),
    catchUpLater: assign({ catchUpAgain: true }),
    startCatchUp: assign({ catchUpAgain: false }),
  },
}).createMachine({
  id: 'conversation',
  initial: 'loading',
  context: ({ input }) => ({
    matchId: input.matchId,
    userId: input.userId,
    conversation: null,
    messages: [],
    olderCursor: null,
    online: false,
    seenUpTo: null,
    otherTyping: false,
    draft: '',
    typingAnnouncedAt: 0,
    markedReadUpTo: null,
    catchUpAgain: false,
  }),
  states: {
    loading: {
      invoke: {
        src: 'loadConversation',
        input: ({ context }) => ({ matchId: context.matchId }),
        onDone: [
          {
            guard: { type: 'conversationFound', params: ({ event }) => ({ load: event.output }) },
            target: 'open',
            actions: { type: 'storeConversation', params: ({ event }) => ({ load: event.output }) },
          },
          { target: 'ended' },
        ],
        onError: { target: 'ended' },
      },
    },
    /** The match is not (or no longer) the person's: asks whether the other person deleted their account. */
    ended: {
      invoke: {
        src: 'checkOtherDeleted',
        input: ({ context }) => ({ matchId: context.matchId }),
        onDone: [{ guard: { type: 'otherDeleted', params: ({ event }) => ({ deleted: event.output }) }, target: 'deleted' }, { target: 'gone' }],
        onError: { target: 'gone' },
      },
    },
    deleted: {},
    gone: {},
    open: {
      type: 'parallel',
      // What is on screen is read: the other person's messages up to the last one shown.
      always: { guard: 'unreadOnScreen', actions: ['noteMarkedRead', 'markRead'] },
      invoke: [
        { src: 'liveTyping', input: ({ context }) => ({ matchId: context.matchId }) },
        { src: 'livePresence', input: ({ context }) => ({ userId: context.conversation!.otherUser.id }) },
        // Unread messages appearing while this conversation is open may be ones its subscription missed.
        { src: 'liveUnread' },
        // What was sent while no subscription listened (a dropped connection) is fetched once it is back.
        { src: 'reconnections' },
      ],
      on: {
        TYPING_CHANGED: { actions: assign({ otherTyping: ({ event }) => event.typing }) },
        PRESENCE_CHANGED: { actions: assign({ online: ({ event }) => event.isOnline }) },
        UNREAD_CHANGED: { guard: 'unreadArrived', actions: raise({ type: 'CATCH_UP' }) },
        RECONNECTED: { actions: raise({ type: 'CATCH_UP' }) },
      },
      states: {
        feed: {
          initial: 'live',
          states: {
            live: {
              invoke: { src: 'liveMessages', input: ({ context }) => ({ matchId: context.matchId }) },
              on: {
                MESSAGE_RECEIVED: { actions: 'receiveMessage' },
                // The server ends it when the match ends (unmatch, block, a deleted account): load again to say why.
                MESSAGES_ENDED: { target: 'ended', actions: raise({ type: 'RELOAD' }) },
              },
            },
            ended: {},
          },
        },
        sync: {
          initial: 'idle',
          states: {
            idle: {
              // The server ends the feed for the person's own unmatch or block, often before the request's
              // answer, and that answer is what leads back to the list: no reload meanwhile.
              on: { CATCH_UP: { target: 'catchingUp' }, RELOAD: { guard: staying, target: 'reloading' } },
            },
            catchingUp: {
              entry: 'startCatchUp',
              invoke: {
                src: 'fetchNewer',
                input: ({ context }) => ({ matchId: context.matchId, afterSeq: context.messages.at(-1)?.seq ?? 0 }),
                onDone: [
                  { guard: 'catchUpAgain', target: 'catchingUp', reenter: true, actions: { type: 'addMessages', params: ({ event }) => ({ messages: event.output.messages }) } },
                  { target: 'idle', actions: { type: 'addMessages', params: ({ event }) => ({ messages: event.output.messages }) } },
                ],
                onError: { target: 'idle' },
              },
              on: { CATCH_UP: { actions: 'catchUpLater' }, RELOAD: { guard: staying, target: 'reloading', actions: 'catchUpLater' } },
            },
            reloading: {
              invoke: {
                src: 'loadConversation',
                input: ({ context }) => ({ matchId: context.matchId }),
                onDone: [
                  {
                    guard: { type: 'foundAndBehind', params: ({ event }) => ({ load: event.output }) },
                    target: 'catchingUp',
                    actions: { type: 'storeConversation', params: ({ event }) => ({ load: event.output }) },
                  },
                  {
                    guard: { type: 'conversationFound', params: ({ event }) => ({ load: event.output }) },
                    target: 'idle',
                    actions: { type: 'storeConversation', params: ({ event }) => ({ load: event.output }) },
                  },
                  { target: '#conversation.ended' },
                ],
                onError: { target: '#conversation.ended' },
              },
              on: { CATCH_UP: { actions: 'catchUpLater' } },
            },
          },
        },
        history: {
          initial: 'idle',
          states: {
            idle: {
              on: { LOAD_OLDER: { guard: 'hasOlderMessages', target: 'loadingOlder' } },
            },
            loadingOlder: {
              invoke: {
                src: 'fetchOlder',
                input: ({ context }) => ({ matchId: context.matchId, before: context.olderCursor! }),
                onDone: { target: 'idle', actions: { type: 'addOlderPage', params: ({ event }) => ({ page: event.output }) } },
                onError: { target: 'idle' },
              },
            },
          },
        },
        receipts: {
          initial: 'off',
          states: {
            off: {
              always: { guard: 'hasReadReceipts', target: 'following' },
            },
            following: {
              always: { guard: not('hasReadReceipts'), target: 'off' },
              invoke: { src: 'liveReadReceipts', input: ({ context }) => ({ matchId: context.matchId }) },
              on: { READ_UP_TO: { actions: assign({ seenUpTo: ({ event }) => event.seq }) } },
            },
          },
        },
        composer: {
          initial: 'editing',
          on: {
            TYPE: [{ guard: 'typingIsDue', actions: ['storeDraft', 'noteTypingAnnounced', 'announceTyping'] }, { actions: 'storeDraft' }],
            SUGGEST_ICE_BREAKER: { actions: 'suggestIceBreaker' },
          },
          states: {
            editing: {
              on: { SEND: { guard: 'draftIsSendable', target: 'sending' } },
            },
            sending: {
              invoke: {
                src: 'sendMessage',
                input: ({ context }) => ({ matchId: context.matchId, senderId: context.userId, content: context.draft.trim() }),
                onDone: { target: 'editing', actions: [{ type: 'addMessages', params: ({ event }) => ({ messages: [event.output] }) }, 'clearDraft'] },
                onError: [
                  { guard: { type: 'refusedByChatLimit', params: ({ event }) => ({ error: event.error }) }, target: 'limitReached' },
                  { target: 'editing', actions: { type: 'notify', params: SEND_FAILED } },
                ],
              },
            },
            // The plan's prompt to upgrade is open.
            limitReached: {
              on: { CLOSE_PROMPT: { target: 'editing' }, SEND: { guard: 'draftIsSendable', target: 'sending' } },
            },
          },
        },
        menu: {
          initial: 'closed',
          states: {
            closed: { on: { TOGGLE_MENU: { target: 'open' } } },
            open: { on: { TOGGLE_MENU: { target: 'closed' }, CHOOSE_UNMATCH: { target: 'confirmingUnmatch' }, CHOOSE_BLOCK: { target: 'confirmingBlock' }, CHOOSE_REPORT: { target: 'confirmingReport' } } },
            confirmingUnmatch: { on: { CANCEL: { target: 'closed' } } },
            confirmingBlock: { on: { CANCEL: { target: 'closed' } } },
            // A report changes nothing between the two: the conversation stays open after it.
            confirmingReport: { on: { CANCEL: { target: 'closed' }, CONFIRM_REPORT: { target: 'reporting' } } },
            reporting: {
              invoke: {
                src: 'report',
                input: ({ context, event }) => {
                  assertEvent(event, 'CONFIRM_REPORT');
                  return { userId: context.conversation!.otherUser.id, matchId: context.matchId, reason: event.reason, text: event.text };
                },
                onDone: { target: 'closed', actions: { type: 'notify', params: REPORT_SENT } },
                onError: { target: 'confirmingReport', actions: { type: 'notify', params: REPORT_FAILED } },
              },
            },
          },
        },
        // Apart from the menu: a dialog cancelled while its request is on its way still leads back when it succeeds.
        leaving: {
          initial: 'idle',
          states: {
            idle: { on: { CONFIRM_UNMATCH: { target: 'unmatching' }, CONFIRM_BLOCK: { target: 'blocking' } } },
            unmatching: {
              invoke: {
                src: 'unmatch',
                input: ({ context }) => ({ matchId: context.matchId }),
                onDone: { target: 'left', actions: 'leave' },
                onError: { target: 'idle', actions: { type: 'notify', params: UNMATCH_FAILED } },
              },
            },
            blocking: {
              invoke: {
                src: 'block',
                input: ({ context }) => ({ userId: context.conversation!.otherUser.id }),
                onDone: { target: 'left', actions: 'leave' },
                onError: { target: 'idle', actions: { type: 'notify', params: BLOCK_FAILED } },
              },
            },
            left: {},
          },
        },
      },
    },
  },
});
