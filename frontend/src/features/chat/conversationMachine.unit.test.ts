import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject, type EventObject, type NonReducibleUnknown } from 'xstate';
import { IceBreakers, type ReportReason } from '@nocturne/contracts';
import type { ChatMessage, ConversationSummary, MessagePage } from '../../api/chat';
import { HttpError } from '../../api/http';
import { BLOCK_FAILED, REPORT_FAILED, REPORT_SENT } from '../safety/safetyToasts';
import { conversationMachine, SEND_FAILED, TYPING_EVERY_MS, UNMATCH_FAILED, type ConversationEvent, type ConversationLoad } from './conversationMachine';

const ME = 3;
const ORION = 8;
const MATCH = 41;

const message = (seq: number, senderId: number, content = `message ${seq}`): ChatMessage => ({ id: `m${seq}`, content, senderId, matchId: MATCH, createdAt: '2026-11-23T21:05:00.000Z', seq });
const conversationWith = (changes: Partial<ConversationSummary> = {}): ConversationSummary => ({
  matchId: MATCH,
  createdAt: '2026-11-23T21:00:00.000Z',
  otherUser: { id: ORION, name: 'Orion', photo: '/api/avatars/8', isOnline: true },
  unreadCount: 0,
  lastMessage: null,
  otherReadUpTo: null,
  otherDeleted: false,
  lastActivityAt: '2026-11-23T21:00:00.000Z',
  fadesAtDawn: false,
  ...changes,
});
const page = (messages: ChatMessage[], olderCursor: string | null = null): MessagePage => ({ messages, olderCursor });
const found = (messages: ChatMessage[] = [], changes: Partial<ConversationSummary> = {}, olderCursor: string | null = null): ConversationLoad => ({ conversation: conversationWith(changes), page: page(messages, olderCursor) });
const notFound: ConversationLoad = { conversation: null, page: page([]) };
const refusal = (status: number, code?: string) => new HttpError(status, JSON.stringify({ error: 'refused', ...(code && { code }) }), '');
const never = <T>() => new Promise<T>(() => {});

type LiveSource = 'liveMessages' | 'liveTyping' | 'livePresence' | 'liveReadReceipts' | 'liveUnread' | 'reconnections';

interface Fakes {
  load?: () => Promise<ConversationLoad>;
  otherDeleted?: () => Promise<boolean>;
  newer?: (input: { matchId: number; afterSeq: number }) => Promise<MessagePage>;
  older?: (input: { matchId: number; before: string }) => Promise<MessagePage>;
  send?: (input: { matchId: number; senderId: number; content: string }) => Promise<ChatMessage>;
  unmatch?: () => Promise<void>;
  block?: (input: { userId: number }) => Promise<void>;
  report?: (input: { userId: number; matchId: number; reason: ReportReason; text: string }) => Promise<void>;
}

function start(fakes: Fakes = {}) {
  const jestFn = <A extends unknown[], R>(implementation: (...args: A) => R) => jest.fn(implementation);
  const calls = {
    load: jestFn(fakes.load ?? (async () => found())),
    otherDeleted: jestFn(fakes.otherDeleted ?? (async () => false)),
    newer: jestFn(fakes.newer ?? (async () => page([]))),
    older: jestFn(fakes.older ?? (async () => page([]))),
    send: jestFn(fakes.send ?? (async ({ content }: { content: string }) => message(99, ME, content))),
    typing: jest.fn(async (_input: { matchId: number }) => undefined),
    markRead: jest.fn(async (_input: { matchId: number; upToSeq: number }) => undefined),
    unmatch: jestFn(fakes.unmatch ?? (async () => undefined)),
    block: jestFn(fakes.block ?? (async () => undefined)),
    report: jestFn(fakes.report ?? (async () => undefined)),
  };
  // The live socket: each subscription the machine holds open, by name, to push events through.
  const live = new Map<LiveSource, { sendBack: (event: AnyEventObject) => void; input: unknown }>();
  const liveActor = <Input>(source: LiveSource) =>
    fromCallback<EventObject, Input>(({ sendBack, input }) => {
      live.set(source, { sendBack, input });
      return () => live.delete(source);
    });
  const notify = jest.fn();
  const leave = jest.fn();
  const actor = createActor(
    conversationMachine.provide({
      actors: {
        loadConversation: fromPromise(() => calls.load()),
        checkOtherDeleted: fromPromise(() => calls.otherDeleted()),
        fetchNewer: fromPromise(({ input }) => calls.newer(input)),
        fetchOlder: fromPromise(({ input }) => calls.older(input)),
        sendMessage: fromPromise(({ input }) => calls.send(input)),
        announceTyping: fromPromise(({ input }) => calls.typing(input)),
        markRead: fromPromise(({ input }) => calls.markRead(input)),
        unmatch: fromPromise(() => calls.unmatch()),
        block: fromPromise(({ input }) => calls.block(input)),
        report: fromPromise(({ input }) => calls.report(input)),
        liveMessages: liveActor<{ matchId: number }>('liveMessages'),
        liveTyping: liveActor<{ matchId: number }>('liveTyping'),
        livePresence: liveActor<{ userId: number }>('livePresence'),
        liveReadReceipts: liveActor<{ matchId: number }>('liveReadReceipts'),
        liveUnread: liveActor<void>('liveUnread'),
        reconnections: liveActor<NonReducibleUnknown>('reconnections'),
      },
      actions: { notify, leave },
    }),
    { input: { matchId: MATCH, userId: ME } },
  ).start();
  const push = (source: LiveSource, event: ConversationEvent) => live.get(source)!.sendBack(event);
  const opened = () => waitFor(actor, (snapshot) => snapshot.matches('open'));
  return { actor, calls, live, push, notify, leave, opened };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('conversationMachine opening', () => {
  it('opens on the messages with presence and the read marker of the summary, and follows them live', async () => {
    const { actor, opened, live } = start({ load: async () => found([message(1, ORION), message(2, ME)], { otherReadUpTo: 1 }) });
    expect(actor.getSnapshot().value).toBe('loading');
    await opened();
    const { context } = actor.getSnapshot();
    expect(context.messages.map((m) => m.seq)).toEqual([1, 2]);
    expect(context.online).toBe(true);
    expect(context.seenUpTo).toBe(1);
    expect([...live.keys()].sort()).toEqual(['liveMessages', 'livePresence', 'liveReadReceipts', 'liveTyping', 'liveUnread', 'reconnections']);
    expect(live.get('livePresence')!.input).toEqual({ userId: ORION });
  });

  it('follows read receipts only on plans that have them', async () => {
    const { opened, live } = start({ load: async () => found([], { otherReadUpTo: null }) });
    await opened();
    expect(live.has('liveReadReceipts')).toBe(false);
  });

  it("says the conversation is gone when the match is not the person's, or that the other account was deleted", async () => {
    const gone = start({ load: async () => notFound });
    await waitFor(gone.actor, (snapshot) => snapshot.matches('gone'));

    const deleted = start({ load: async () => notFound, otherDeleted: async () => true });
    await waitFor(deleted.actor, (snapshot) => snapshot.matches('deleted'));

    const unreachable = start({ load: async () => Promise.reject(refusal(404)) });
    await waitFor(unreachable.actor, (snapshot) => snapshot.matches('gone'));
  });
});

describe('conversationMachine live', () => {
  it('adds a live message once, and stops the typing dots when it is theirs', async () => {
    const { actor, opened, push } = start({ load: async () => found([message(1, ORION)]) });
    await opened();
    push('liveTyping', { type: 'TYPING_CHANGED', typing: true });
    expect(actor.getSnapshot().context.otherTyping).toBe(true);
    push('liveMessages', { type: 'MESSAGE_RECEIVED', message: message(2, ORION, 'Live one') });
    push('liveMessages', { type: 'MESSAGE_RECEIVED', message: message(2, ORION, 'Live one') });
    expect(actor.getSnapshot().context.messages.map((m) => m.content)).toEqual(['message 1', 'Live one']);
    expect(actor.getSnapshot().context.otherTyping).toBe(false);
  });

  it('follows presence and how far the other person has read', async () => {
    const { actor, opened, push } = start({ load: async () => found([message(1, ME)], { otherReadUpTo: 0 }) });
    await opened();
    push('livePresence', { type: 'PRESENCE_CHANGED', isOnline: false });
    push('liveReadReceipts', { type: 'READ_UP_TO', seq: 1 });
    expect(actor.getSnapshot().context).toMatchObject({ online: false, seenUpTo: 1 });
  });

  it('fetches what came after its last message when the socket is back, and when unread messages appear', async () => {
    const { actor, calls, opened, push } = start({ load: async () => found([message(1, ORION), message(2, ME)]), newer: async () => page([message(3, ORION, 'Missed')]) });
    await opened();
    push('reconnections', { type: 'RECONNECTED' });
    await waitFor(actor, (snapshot) => snapshot.context.messages.length === 3);
    expect(calls.newer).toHaveBeenLastCalledWith({ matchId: MATCH, afterSeq: 2 });

    push('liveUnread', { type: 'UNREAD_CHANGED', total: 0 });
    expect(calls.newer).toHaveBeenCalledTimes(1);
    push('liveUnread', { type: 'UNREAD_CHANGED', total: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: { sync: 'idle' } }));
    expect(calls.newer).toHaveBeenLastCalledWith({ matchId: MATCH, afterSeq: 3 });
  });

  it('fetches once more when asked again while a catch-up is on its way', async () => {
    const answers: Array<(page: MessagePage) => void> = [];
    const { actor, calls, opened, push } = start({ newer: () => new Promise((resolve) => answers.push(resolve)) });
    await opened();
    push('reconnections', { type: 'RECONNECTED' });
    push('liveUnread', { type: 'UNREAD_CHANGED', total: 2 });
    expect(calls.newer).toHaveBeenCalledTimes(1);
    answers[0]!(page([message(1, ORION)]));
    await waitFor(actor, () => calls.newer.mock.calls.length === 2);
    expect(calls.newer).toHaveBeenLastCalledWith({ matchId: MATCH, afterSeq: 1 });
  });

  it('loads again when the server ends the message feed, and says why once the match is gone', async () => {
    let load = found([message(1, ORION)]);
    const { actor, calls, opened, push } = start({ load: async () => load, otherDeleted: async () => true });
    await opened();
    load = notFound;
    push('liveMessages', { type: 'MESSAGES_ENDED' });
    await waitFor(actor, (snapshot) => snapshot.matches('deleted'));
    expect(calls.load).toHaveBeenCalledTimes(2);
  });

  it('keeps the conversation when it is still there after the feed ended', async () => {
    const { actor, calls, opened, push } = start({ load: async () => found([message(1, ORION)], { otherUser: { id: ORION, name: 'Orion', photo: '/p', isOnline: false } }) });
    await opened();
    push('liveMessages', { type: 'MESSAGES_ENDED' });
    await waitFor(actor, () => calls.load.mock.calls.length === 2);
    await waitFor(actor, (snapshot) => snapshot.matches({ open: { sync: 'idle', feed: 'ended' } }));
    expect(actor.getSnapshot().context.messages).toHaveLength(1);
  });
});

describe('conversationMachine reading', () => {
  it("marks the other person's newest message as read, once for each new one", async () => {
    const { calls, opened, push } = start({ load: async () => found([message(1, ORION), message(2, ME)]) });
    await opened();
    await settled();
    expect(calls.markRead.mock.calls.map(([input]) => input)).toEqual([{ matchId: MATCH, upToSeq: 1 }]);
    push('liveMessages', { type: 'MESSAGE_RECEIVED', message: message(3, ME) });
    push('liveMessages', { type: 'MESSAGE_RECEIVED', message: message(4, ORION) });
    await settled();
    expect(calls.markRead.mock.calls.map(([input]) => input)).toEqual([
      { matchId: MATCH, upToSeq: 1 },
      { matchId: MATCH, upToSeq: 4 },
    ]);
  });

  it('marks nothing in a conversation without their messages', async () => {
    const { calls, opened } = start({ load: async () => found([message(1, ME)]) });
    await opened();
    await settled();
    expect(calls.markRead).not.toHaveBeenCalled();
  });

  it('loads earlier messages until the history starts', async () => {
    const { actor, calls, opened } = start({ load: async () => found([message(5, ORION)], {}, 'c5'), older: async () => page([message(3, ME), message(4, ORION)], null) });
    await opened();
    actor.send({ type: 'LOAD_OLDER' });
    await waitFor(actor, (snapshot) => snapshot.context.olderCursor === null);
    expect(calls.older).toHaveBeenCalledWith({ matchId: MATCH, before: 'c5' });
    expect(actor.getSnapshot().context.messages.map((m) => m.seq)).toEqual([3, 4, 5]);
    actor.send({ type: 'LOAD_OLDER' });
    expect(calls.older).toHaveBeenCalledTimes(1);
  });
});

describe('conversationMachine composer', () => {
  it('sends the trimmed draft, adds the message and clears the draft; an empty draft is not sent', async () => {
    const { actor, calls, opened } = start();
    await opened();
    actor.send({ type: 'TYPE', draft: '   ' });
    actor.send({ type: 'SEND' });
    expect(calls.send).not.toHaveBeenCalled();
    actor.send({ type: 'TYPE', draft: '  Hi Orion  ' });
    actor.send({ type: 'SEND' });
    expect(actor.getSnapshot().can({ type: 'SEND' })).toBe(false);
    await waitFor(actor, (snapshot) => snapshot.matches({ open: { composer: 'editing' } }));
    expect(calls.send).toHaveBeenCalledWith({ matchId: MATCH, senderId: ME, content: 'Hi Orion' });
    expect(actor.getSnapshot().context.draft).toBe('');
    expect(actor.getSnapshot().context.messages.map((m) => m.content)).toEqual(['Hi Orion']);
  });

  it('sends nothing once the other account is deleted', async () => {
    const { actor, opened } = start({ load: async () => found([], { otherDeleted: true }) });
    await opened();
    actor.send({ type: 'TYPE', draft: 'Still there?' });
    expect(actor.getSnapshot().can({ type: 'SEND' })).toBe(false);
  });

  it("opens the upgrade prompt when the plan's chat limit refuses, and says any other failure, keeping the draft", async () => {
    const limited = start({ send: () => Promise.reject(refusal(403, 'chat-limit')) });
    await limited.opened();
    limited.actor.send({ type: 'TYPE', draft: 'One more' });
    limited.actor.send({ type: 'SEND' });
    await waitFor(limited.actor, (snapshot) => snapshot.matches({ open: { composer: 'limitReached' } }));
    expect(limited.notify).not.toHaveBeenCalled();
    limited.actor.send({ type: 'CLOSE_PROMPT' });
    expect(limited.actor.getSnapshot().matches({ open: { composer: 'editing' } })).toBe(true);

    const failing = start({ send: () => Promise.reject(refusal(500)) });
    await failing.opened();
    failing.actor.send({ type: 'TYPE', draft: 'Hello' });
    failing.actor.send({ type: 'SEND' });
    await waitFor(failing.actor, (snapshot) => snapshot.matches({ open: { composer: 'editing' } }));
    expect(failing.notify).toHaveBeenCalledWith(expect.anything(), SEND_FAILED);
    expect(failing.actor.getSnapshot().context.draft).toBe('Hello');
  });

  it(`announces typing at most every ${TYPING_EVERY_MS / 1000} s while the person types, and again after a send`, async () => {
    const { actor, calls, opened } = start();
    await opened();
    const now = jest.spyOn(Date, 'now').mockReturnValue(10_000);
    try {
      actor.send({ type: 'TYPE', draft: 'H' });
      actor.send({ type: 'TYPE', draft: 'He' });
      now.mockReturnValue(10_000 + TYPING_EVERY_MS + 1);
      actor.send({ type: 'TYPE', draft: 'Hey' });
      actor.send({ type: 'TYPE', draft: '' });
      expect(calls.typing).toHaveBeenCalledTimes(2);
      actor.send({ type: 'TYPE', draft: 'Hi' });
      actor.send({ type: 'SEND' });
      await waitFor(actor, (snapshot) => snapshot.context.draft === '');
      actor.send({ type: 'TYPE', draft: 'A' });
      expect(calls.typing).toHaveBeenCalledTimes(3);
      expect(calls.typing).toHaveBeenCalledWith({ matchId: MATCH });
    } finally {
      now.mockRestore();
    }
  });

  it('fills the draft with one of the ice-breakers', async () => {
    const { actor, opened } = start();
    await opened();
    actor.send({ type: 'SUGGEST_ICE_BREAKER' });
    expect(IceBreakers).toContain(actor.getSnapshot().context.draft);
  });
});

describe('conversationMachine menu', () => {
  it('unmatches and leaves; a failure says so and lets the person try again', async () => {
    let outcome: () => Promise<void> = () => Promise.reject(refusal(500));
    const { actor, calls, opened, notify, leave } = start({ unmatch: () => outcome() });
    await opened();
    actor.send({ type: 'TOGGLE_MENU' });
    expect(actor.getSnapshot().matches({ open: { menu: 'open' } })).toBe(true);
    actor.send({ type: 'CHOOSE_UNMATCH' });
    actor.send({ type: 'CONFIRM_UNMATCH' });
    expect(actor.getSnapshot().matches({ open: { leaving: 'unmatching' } })).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches({ open: { leaving: 'idle', menu: 'confirmingUnmatch' } }));
    expect(notify).toHaveBeenCalledWith(expect.anything(), UNMATCH_FAILED);
    expect(leave).not.toHaveBeenCalled();

    outcome = async () => undefined;
    actor.send({ type: 'CONFIRM_UNMATCH' });
    await waitFor(actor, () => leave.mock.calls.length === 1);
    expect(calls.unmatch).toHaveBeenCalledTimes(2);
  });

  it('blocks the other person, and still leaves when the dialog was closed meanwhile', async () => {
    let done: () => void = () => undefined;
    const { actor, calls, opened, leave } = start({ block: () => new Promise<void>((resolve) => (done = resolve)) });
    await opened();
    actor.send({ type: 'TOGGLE_MENU' });
    actor.send({ type: 'CHOOSE_BLOCK' });
    actor.send({ type: 'CONFIRM_BLOCK' });
    expect(calls.block).toHaveBeenCalledWith({ userId: ORION });
    expect(calls.report).not.toHaveBeenCalled();
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches({ open: { menu: 'closed' } })).toBe(true);
    done();
    await waitFor(actor, () => leave.mock.calls.length === 1);
  });

  it.each([
    ['unmatch', 'CHOOSE_UNMATCH', 'CONFIRM_UNMATCH'],
    ['block', 'CHOOSE_BLOCK', 'CONFIRM_BLOCK'],
  ] as const)('leaves after its own %s even when the server ends the feed before the answer comes', async (ending, choose, confirm) => {
    let answer: () => void = () => undefined;
    let load = found([message(1, ORION)]);
    const { actor, calls, opened, push, leave } = start({ load: async () => load, [ending]: () => new Promise<void>((resolve) => (answer = resolve)) });
    await opened();
    actor.send({ type: 'TOGGLE_MENU' });
    actor.send({ type: choose });
    actor.send({ type: confirm });
    // The match ends on the server: its feed ends before the request's own answer arrives.
    load = notFound;
    push('liveMessages', { type: 'MESSAGES_ENDED' });
    await settled();
    answer();
    await waitFor(actor, () => leave.mock.calls.length === 1);
    expect(actor.getSnapshot().matches('gone')).toBe(false);
    expect(calls.otherDeleted).not.toHaveBeenCalled();
  });

  it('says so when blocking fails', async () => {
    const { actor, opened, notify } = start({ block: () => Promise.reject(refusal(500)) });
    await opened();
    actor.send({ type: 'TOGGLE_MENU' });
    actor.send({ type: 'CHOOSE_BLOCK' });
    actor.send({ type: 'CONFIRM_BLOCK' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: { leaving: 'idle' } }));
    expect(notify).toHaveBeenCalledWith(expect.anything(), BLOCK_FAILED);
  });

  it('reports with the reason and words given, naming the match, and stays in the conversation', async () => {
    const { actor, calls, opened, notify, leave } = start();
    await opened();
    actor.send({ type: 'TOGGLE_MENU' });
    actor.send({ type: 'CHOOSE_REPORT' });
    actor.send({ type: 'CONFIRM_REPORT', reason: 'spam', text: 'Links everywhere' });
    expect(calls.report).toHaveBeenCalledWith({ userId: ORION, matchId: MATCH, reason: 'spam', text: 'Links everywhere' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: { menu: 'closed' } }));
    expect(notify).toHaveBeenCalledWith(expect.anything(), REPORT_SENT);
    expect(calls.block).not.toHaveBeenCalled();
    expect(leave).not.toHaveBeenCalled();
  });

  it('keeps the report dialog open and says so when the report fails', async () => {
    const { actor, opened, notify } = start({ report: () => Promise.reject(refusal(500)) });
    await opened();
    actor.send({ type: 'TOGGLE_MENU' });
    actor.send({ type: 'CHOOSE_REPORT' });
    actor.send({ type: 'CONFIRM_REPORT', reason: 'other', text: '' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: { menu: 'confirmingReport' } }));
    expect(notify).toHaveBeenCalledWith(expect.anything(), REPORT_FAILED);
  });

  it('closes the menu and its dialogs on cancel', async () => {
    const { actor, opened } = start();
    await opened();
    actor.send({ type: 'TOGGLE_MENU' });
    actor.send({ type: 'TOGGLE_MENU' });
    expect(actor.getSnapshot().matches({ open: { menu: 'closed' } })).toBe(true);
    actor.send({ type: 'TOGGLE_MENU' });
    actor.send({ type: 'CHOOSE_UNMATCH' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches({ open: { menu: 'closed' } })).toBe(true);
  });
});

test('a missing load never reaches the live socket', async () => {
  const { actor, live } = start({ load: never });
  expect(actor.getSnapshot().value).toBe('loading');
  expect(live.size).toBe(0);
});
