import { ChatLimits, ChatMessages, messageContentSchema, planAllowances, zoneInForce } from '@nocturne/contracts';
import { parseInput, RuleViolation } from '@nocturne/platform/domain';
import { actorCommandContext, handleCommand, handleCommandsTogether, loadStream, signedInActor, type Actor, type LiveStream } from '@nocturne/platform/kit';
import { z } from 'zod';
import { chatterDecider } from '../chatter/businessLogic';
import { chatterStreamId, planInForce, timeFreezeAllowance } from '../chatter/chatter';
import { channels, type ChatDependencies } from '../dependencies';
import { PRESENCE_HEARTBEAT_MS, type Presence, type PresenceStatus } from '../live/presence';
import { participantRowId, type ConversationRow, type MessageRow } from '../projections/readModels';
import { conversationDecider } from './businessLogic';
import { conversationKey, conversationStreamId, type EndReason } from './conversation';
import { inLastNight } from './dawn';

export interface MessageView {
  id: string;
  matchId: number;
  senderId: number;
  content: string;
  createdAt: string;
  /** Position in the conversation: the cursor of its history. */
  seq: number;
}

export interface MessagePage {
  messages: MessageView[];
  /** Pass as `before` for the page of older messages; null at the first message. */
  olderCursor: string | null;
}

export interface ConversationView {
  matchId: number;
  otherUserId: number;
  unreadCount: number;
  lastMessage: MessageView | null;
  /** The other person's read marker, for 'Seen'; null where the viewer's plan has no read receipts. */
  otherReadUpTo: number | null;
  /** Set when the other person deleted their account (their messages are gone). */
  otherDeleted: boolean;
  /** The last message's time, else the match's: what the list of matches is sorted by. */
  lastActivityAt: string;
  /** While nobody has written: when the match fades (the dawn rule); null once anybody wrote. */
  fadesAt: string | null;
  /** In its last night: the list marks it "fades at dawn", and a Time-Freeze may keep it. */
  fadesAtDawn: boolean;
}

/** Time-Freeze tokens of a plan that has them. */
export interface TimeFreezeAllowanceView {
  total: number;
  left: number;
  renewsAt: string;
}

/** What a conversation's subscribers receive. */
export type ConversationSignal =
  | { kind: 'message'; message: MessageView }
  | { kind: 'typing'; userId: number; typing: boolean }
  | { kind: 'read'; readerId: number; upToSeq: number }
  | { kind: 'ended'; reason: EndReason };

export interface TypingView {
  matchId: number;
  userId: number;
  typing: boolean;
}

/** What a person's own subscriptions receive. */
export type PersonSignal = { kind: 'unread'; total: number } | { kind: 'match'; matchId: number; otherUserId: number; createdAt: string };

const toView = (row: MessageRow): MessageView => ({ id: row.messageId, matchId: row.matchId, senderId: row.senderId, content: row.content, createdAt: row.sentAt, seq: row.seq });

const pageQuery = z.object({
  limit: z.number({ error: ChatMessages.pageSize }).int(ChatMessages.pageSize).min(1, ChatMessages.pageSize).max(ChatLimits.pageMax, ChatMessages.pageSize).default(50),
  before: z
    .string({ error: ChatMessages.cursor })
    .regex(/^[1-9]\d{0,9}$/, ChatMessages.cursor)
    .transform(Number)
    .nullish(),
  after: z
    .string({ error: ChatMessages.cursor })
    .regex(/^(0|[1-9]\d{0,9})$/, ChatMessages.cursor)
    .transform(Number)
    .nullish(),
});

/** Typing stops showing after this long without a new signal (a client that vanished mid-sentence). */
export const TYPING_EXPIRES_MS = 6_000;

/**
 * Messages, read markers, typing and unread counts. Only the two people of a match that is still on may
 * read, write or listen; every use case checks that first, against the conversation itself.
 */
export function createConversationApplication(deps: ChatDependencies & { sendsPerMinute: number }, presence: Presence) {
  const { collections, live } = deps;

  /** The viewer's conversation of a match. Someone else's answers as an unknown one: a match id tells a stranger nothing. */
  async function resolve(viewerId: number, matchId: number): Promise<ConversationRow> {
    const rows = await collections.conversations.find({ matchId, userIds: viewerId });
    const row = rows.find((candidate) => !candidate.erased);
    if (!row) throw new RuleViolation('NOT_FOUND', ChatMessages.matchNotFound);
    return row;
  }

  /** The viewer's live conversation row, or the error that says why not. */
  async function readable(viewerId: number, matchId: number, options: { allowDeletedOther?: boolean } = {}): Promise<ConversationRow> {
    const row = await resolve(viewerId, matchId);
    if (row.erasedUserIds.includes(viewerId)) throw new RuleViolation('NOT_FOUND', ChatMessages.matchNotFound);
    const otherDeleted = row.endReason === 'deleted';
    if (row.endedAt !== null && !(options.allowDeletedOther && otherDeleted)) throw new RuleViolation('NOT_FOUND', ChatMessages.ended);
    if (pastDawn(row, deps.clock())) throw new RuleViolation('NOT_FOUND', ChatMessages.ended);
    return row;
  }

  /** Its dawn passed with nobody writing: it has faded, even in the moment before the dawn rule's round writes it. */
  const pastDawn = (row: ConversationRow, now: Date) => row.endedAt === null && row.fadesAt !== null && row.fadesAt !== undefined && Date.parse(row.fadesAt) <= now.getTime();

  /** Whether the viewer's side of a conversation is on: what every live stream about the other person follows. */
  async function isOn(viewerId: number, conversationId: string): Promise<boolean> {
    const side = await collections.participants.get(participantRowId(conversationId, viewerId));
    return side !== null && !side.erased && side.active;
  }

  /**
   * Listens for a viewer under one of their conversations: the stream ends with the conversation (its
   * `ended` signal, on every instance), and each value first checks that it is still on, so neither a
   * lost signal nor an end between the caller's check and the subscription leaves it open.
   */
  function listenWhileOn<TMessage, T>(viewerId: number, conversationId: string, options: { also?: string[]; transform: (message: TMessage, channel: string) => T | undefined; onClose?: () => void }): Promise<LiveStream<T>> {
    const conversationChannel = channels.conversation(conversationId);
    return live.listen<TMessage, T>([conversationChannel, ...(options.also ?? [])], {
      endWhen: (message, channel) => channel === conversationChannel && (message as ConversationSignal).kind === 'ended',
      transform: options.transform,
      stillAllowed: () => isOn(viewerId, conversationId),
      ...(options.onClose && { onClose: options.onClose }),
    });
  }

  async function unreadTotal(userId: number): Promise<number> {
    const rows = await collections.participants.find({ userId, active: true });
    return rows.reduce((total, row) => total + (row.erased ? 0 : row.unread), 0);
  }

  async function readReceipts(userId: number): Promise<boolean> {
    const { state } = await loadStream(deps.eventStore, chatterStreamId(userId), chatterDecider);
    return planAllowances[planInForce(state, deps.clock())].readReceipts;
  }

  const announceUnread = async (userId: number) => live.publish(channels.person(userId), { kind: 'unread', total: await unreadTotal(userId) } satisfies PersonSignal);

  /** The viewer's side of one conversation row. */
  async function viewOf(viewerId: number, row: ConversationRow, receipts: boolean): Promise<ConversationView> {
    const otherUserId = row.userIds.find((id) => id !== viewerId)!;
    const [mine, theirs] = await Promise.all([collections.participants.get(participantRowId(row.conversationId, viewerId)), collections.participants.get(participantRowId(row.conversationId, otherUserId))]);
    const last = row.lastMessage;
    return {
      matchId: row.matchId,
      otherUserId,
      unreadCount: mine && !mine.erased && mine.active ? mine.unread : 0,
      lastMessage: last && { id: last.messageId, matchId: row.matchId, senderId: last.senderId, content: last.content, createdAt: last.sentAt, seq: row.lastSeq },
      otherReadUpTo: receipts ? (theirs && !theirs.erased ? theirs.readUpTo : 0) : null,
      otherDeleted: row.endReason === 'deleted',
      lastActivityAt: last?.sentAt ?? row.openedAt,
      fadesAt: row.fadesAt ?? null,
      fadesAtDawn: row.fadesAt !== null && row.fadesAt !== undefined && row.lastNightFrom !== null && row.lastNightFrom !== undefined && inLastNight({ fadesAt: row.fadesAt, lastNightFrom: row.lastNightFrom}, deps.clock()),
    };
  }

  async function timeFreezesOf(userId: number): Promise<TimeFreezeAllowanceView | null> {
    const { state } = await loadStream(deps.eventStore, chatterStreamId(userId), chatterDecider);
    return timeFreezeAllowance(state, deps.clock());
  }

  return {
    unreadTotal: (actor: Actor) => unreadTotal(signedInActor(actor)),

    async send(actor: Actor, input: { matchId: number; content: unknown; senderId?: number | null }): Promise<MessageView> {
      const senderId = signedInActor(actor);
      if (input.senderId !== undefined && input.senderId !== null && input.senderId !== senderId) throw new RuleViolation('FORBIDDEN', ChatMessages.senderNotYou);
      const content = parseInput(z.object({ content: messageContentSchema }), { content: input.content }).content;
      // Who may write is checked before anything is counted (a stranger spends no quota), on the read
      // model; the conversation's decider checks again on its own state when the message is appended.
      const row = await readable(senderId, input.matchId);
      const streamId = conversationStreamId(row.userIds);
      await deps.rateLimiter.hit(`send:${senderId}`, { limit: deps.sendsPerMinute, windowMs: 60_000 });
      const now = deps.clock();
      const context = actorCommandContext(deps.newId, now, actor);
      // The sender's night (conversations started, the plan's limit) and the message in one write: both or neither.
      const chatterStream = chatterStreamId(senderId);
      const { value: result, lastGlobalPosition } = await handleCommandsTogether({
        eventStore: deps.eventStore,
        streamIds: [chatterStream, streamId],
        context,
        decide: async (together) => {
          await together.decide(chatterStream, chatterDecider, { type: 'StartWriting', userId: senderId, matchId: input.matchId, now });
          return together.decide(streamId, conversationDecider, { type: 'SendMessage', messageId: deps.newId(), senderId, content, now });
        },
      });
      const sent = result.events[0]!;
      if (sent.type !== 'MessageSent') throw new Error('SendMessage appended no message');
      const message: MessageView = { id: sent.data.messageId, matchId: input.matchId, senderId, content, createdAt: sent.data.sentAt, seq: sent.data.seq };
      await live.publish(channels.conversation(row.conversationId), { kind: 'message', message } satisfies ConversationSignal);
      await deps.projection.waitFor(lastGlobalPosition);
      await announceUnread(sent.data.recipientId);
      return message;
    },

    /** A page of history, newest last: `before` pages back, `after` catches up after a reconnect. */
    async messages(actor: Actor, matchId: number, query: { limit?: number | null; before?: string | null; after?: string | null }): Promise<MessagePage> {
      const viewerId = signedInActor(actor);
      const { limit, before, after } = parseInput(pageQuery, { limit: query.limit ?? undefined, before: query.before, after: query.after });
      const { conversationId } = await readable(viewerId, matchId, { allowDeletedOther: true });
      const seq: Record<string, number> = {};
      if (before !== null && before !== undefined) seq.$lt = before;
      if (after !== null && after !== undefined) seq.$gt = after;
      const filter = { conversationId, ...(Object.keys(seq).length > 0 && { seq }) };
      const catchingUp = after !== null && after !== undefined;
      const rows = await collections.messages.find(filter, { sort: { seq: catchingUp ? 1 : -1 }, limit: limit + 1 });
      const kept = rows.filter((row) => !row.erased);
      const more = rows.length > limit;
      const page = kept.slice(0, limit);
      const ordered = catchingUp ? page : page.reverse();
      const oldest = ordered[0];
      return { messages: ordered.map(toView), olderCursor: !catchingUp && more && oldest ? String(oldest.seq) : null };
    },

    /** The viewer's side of one conversation. */
    async conversation(actor: Actor, matchId: number): Promise<ConversationView> {
      const viewerId = signedInActor(actor);
      const row = await readable(viewerId, matchId, { allowDeletedOther: true });
      return viewOf(viewerId, row, await readReceipts(viewerId));
    },

    /**
     * The viewer's conversations that are on, the latest activity first (the last message, else the match;
     * the newer match first on a tie): the order of the list of matches, the same on every device.
     */
    async conversations(actor: Actor): Promise<ConversationView[]> {
      const viewerId = signedInActor(actor);
      const sides = await collections.participants.find({ userId: viewerId, active: true });
      const [rows, receipts] = await Promise.all([Promise.all(sides.filter((side) => !side.erased).map((side) => collections.conversations.get(side.conversationId))), readReceipts(viewerId)]);
      const now = deps.clock();
      const open = rows.filter((row): row is ConversationRow => row !== null && !row.erased && row.endedAt === null && !row.erasedUserIds.includes(viewerId) && !pastDawn(row, now));
      const views = await Promise.all(open.map((row) => viewOf(viewerId, row, receipts)));
      return views.sort((a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt) || b.matchId - a.matchId);
    },

    /** The viewer's side of a conversation that may not be open yet (the match just happened): null then. */
    async conversationIfOpen(actor: Actor, matchId: number): Promise<ConversationView | null> {
      const viewerId = signedInActor(actor);
      const rows = await collections.conversations.find({ matchId, userIds: viewerId });
      if (!rows.some((row) => !row.erased)) return null;
      try {
        return await this.conversation(actor, matchId);
      } catch (error) {
        if (error instanceof RuleViolation) return null;
        throw error;
      }
    },

    /**
     * Keeps a match that fades at dawn tonight one night longer with a Time-Freeze token (Max). The token
     * is counted on the person's own stream first, so parallel requests never spend more than the
     * allowance; should the match not be kept after all (it faded, somebody wrote, the other person kept
     * it first), the token this request spent comes back.
     */
    async freeze(actor: Actor, matchId: number): Promise<{ conversation: ConversationView; timeFreezes: TimeFreezeAllowanceView | null }> {
      const viewerId = signedInActor(actor);
      const row = await readable(viewerId, matchId);
      const now = deps.clock();
      const streamId = conversationStreamId(row.userIds);
      const answer = async () => ({ conversation: await this.conversation(actor, matchId), timeFreezes: await timeFreezesOf(viewerId) });
      if (row.fadesAt === null || row.lastNightFrom === null || !inLastNight({ fadesAt: row.fadesAt, lastNightFrom: row.lastNightFrom }, now)) {
        // Kept a moment ago by the other person (or an earlier tap): tonight's dawn is already moved.
        const { state } = await loadStream(deps.eventStore, streamId, conversationDecider);
        if (state.seq === 0 && state.freezes.some((freeze) => Date.parse(freeze.frozenDawn) > now.getTime())) return answer();
        throw new RuleViolation('CONFLICT', ChatMessages.notFading);
      }
      const dawnAt = row.fadesAt;
      const context = actorCommandContext(deps.newId, now, actor);
      const token = { userId: viewerId, matchId, dawnAt, now };
      const spent = await handleCommand({ eventStore: deps.eventStore, streamId: chatterStreamId(viewerId), decider: chatterDecider, command: { type: 'UseTimeFreeze', ...token }, context });
      let failure: unknown;
      try {
        const frozen = await handleCommand({ eventStore: deps.eventStore, streamId, decider: conversationDecider, command: { type: 'FreezeMatch', by: viewerId, dawnAt, now }, context });
        await deps.projection.waitFor(frozen.lastGlobalPosition);
      } catch (error) {
        failure = error;
      }
      // The token stays spent only where this person's freeze of that dawn is in the conversation.
      const { state } = await loadStream(deps.eventStore, streamId, conversationDecider);
      const keptByViewer = state.freezes.some((freeze) => freeze.by === viewerId && freeze.frozenDawn === dawnAt);
      if (!keptByViewer && spent.events.length > 0) {
        const returned = await handleCommand({ eventStore: deps.eventStore, streamId: chatterStreamId(viewerId), decider: chatterDecider, command: { type: 'ReturnTimeFreeze', ...token }, context });
        await deps.projection.waitFor(returned.lastGlobalPosition);
      }
      if (failure) throw failure;
      return answer();
    },

    /** The viewer's Time-Freeze tokens: null on plans without them. */
    timeFreezes: (actor: Actor) => timeFreezesOf(signedInActor(actor)),

    /** Marks the conversation read up to `upToSeq` (everything when null); answers the viewer's unread total. */
    async markRead(actor: Actor, matchId: number, upToSeq: number | null): Promise<number> {
      const readerId = signedInActor(actor);
      const row = await resolve(readerId, matchId);
      const now = deps.clock();
      const result = await handleCommand({ eventStore: deps.eventStore, streamId: conversationStreamId(row.userIds), decider: conversationDecider, command: { type: 'MarkRead', readerId, upToSeq, now }, context: actorCommandContext(deps.newId, now, actor) });
      await deps.projection.waitFor(result.lastGlobalPosition);
      const read = result.events[0];
      if (read?.type === 'ConversationRead') {
        await live.publish(channels.conversation(row.conversationId), { kind: 'read', readerId, upToSeq: read.data.upToSeq } satisfies ConversationSignal);
        await announceUnread(readerId);
      }
      return unreadTotal(readerId);
    },

    async setTyping(actor: Actor, matchId: number, typing: boolean): Promise<boolean> {
      const userId = signedInActor(actor);
      const row = await readable(userId, matchId);
      // Clients announce typing every few seconds; more than this is a loop or abuse, not typing.
      await deps.rateLimiter.hit(`typing:${userId}`, { limit: 120, windowMs: 60_000 });
      await live.publish(channels.conversation(row.conversationId), { kind: 'typing', userId, typing } satisfies ConversationSignal);
      return true;
    },

    /** New messages of a conversation, for its two people while the match is on; ends when it ends. */
    async messageStream(actor: Actor, matchId: number): Promise<LiveStream<MessageView>> {
      const viewerId = signedInActor(actor);
      const row = await readable(viewerId, matchId);
      return listenWhileOn<ConversationSignal, MessageView>(viewerId, row.conversationId, { transform: (signal) => (signal.kind === 'message' ? signal.message : undefined) });
    },

    /** The other person typing (true) or stopping (false); a silence of TYPING_EXPIRES_MS reads as stopped. */
    async typingStream(actor: Actor, matchId: number): Promise<LiveStream<TypingView>> {
      const viewerId = signedInActor(actor);
      const row = await readable(viewerId, matchId);
      let timer: NodeJS.Timeout | undefined;
      // The expiry is pushed like any value: it too waits for the check that the conversation is still on.
      const stream: LiveStream<TypingView> = await listenWhileOn<ConversationSignal, TypingView>(viewerId, row.conversationId, {
        transform: (signal) => {
          // A message sent ends the sender's typing.
          const change = signal.kind === 'typing' ? { userId: signal.userId, typing: signal.typing } : signal.kind === 'message' ? { userId: signal.message.senderId, typing: false } : undefined;
          if (!change || change.userId === viewerId) return undefined;
          clearTimeout(timer);
          if (change.typing) timer = setTimeout(() => stream.push({ matchId, userId: change.userId, typing: false }), TYPING_EXPIRES_MS);
          return { matchId, ...change };
        },
        onClose: () => clearTimeout(timer),
      });
      return stream;
    },

    /** The other person's read marker, live, for 'Seen' on Plus and Max; ends when the match ends. */
    async readStream(actor: Actor, matchId: number): Promise<LiveStream<number>> {
      const viewerId = signedInActor(actor);
      const row = await readable(viewerId, matchId);
      if (!(await readReceipts(viewerId))) throw new RuleViolation('LIMIT_REACHED', 'Read receipts come with Plus and Max', { reason: 'read-receipts' });
      return listenWhileOn<ConversationSignal, number>(viewerId, row.conversationId, { transform: (signal) => (signal.kind === 'read' && signal.readerId !== viewerId ? signal.upToSeq : undefined) });
    },

    /**
     * The viewer's unread total: now, then on every change. While it is open the viewer counts as
     * online (every signed-in screen shows the Messages badge, so this is the app's live connection).
     */
    async unreadStream(actor: Actor): Promise<LiveStream<number>> {
      const userId = signedInActor(actor);
      const { state } = await loadStream(deps.eventStore, chatterStreamId(userId), chatterDecider);
      const disconnect = await presence.connect(userId, zoneInForce(state.zones, deps.clock()));
      try {
        const stream = await live.listen<PersonSignal, number>([channels.person(userId)], { transform: (signal) => (signal.kind === 'unread' ? signal.total : undefined), onClose: disconnect });
        stream.push(await unreadTotal(userId));
        return stream;
      } catch (error) {
        await disconnect();
        throw error;
      }
    },

    /**
     * The viewer's new matches. Nothing here outlives a relationship: a pair's block or unmatch comes
     * after its match in the swipe context's stream, and a blocked pair never matches again.
     */
    async matchStream(actor: Actor): Promise<LiveStream<{ matchId: number; otherUserId: number; createdAt: string }>> {
      const userId = signedInActor(actor);
      return live.listen<PersonSignal, { matchId: number; otherUserId: number; createdAt: string }>([channels.person(userId)], {
        transform: (signal) => (signal.kind === 'match' ? { matchId: signal.matchId, otherUserId: signal.otherUserId, createdAt: signal.createdAt } : undefined),
      });
    },

    /**
     * The exact presence of the other person of a match that is on (or the viewer's own): now, then on
     * every change, re-checked every PRESENCE_HEARTBEAT_MS so an expired connection shows. It ends with
     * the match (unmatch, block, either account deleted), and no value goes out before a check that the
     * match is still on, the periodic re-check's included.
     */
    async presenceStream(actor: Actor, userId: number): Promise<LiveStream<PresenceStatus>> {
      const viewerId = signedInActor(actor);
      const own = userId === viewerId;
      const conversationId = conversationKey([viewerId, userId]);
      if (!own && !(await isOn(viewerId, conversationId))) throw new RuleViolation('FORBIDDEN', ChatMessages.presenceOfMatches);
      let last: boolean | undefined;
      const changed = (status: PresenceStatus) => {
        if (status.isOnline === last) return undefined;
        last = status.isOnline;
        return status;
      };
      let recheck: NodeJS.Timeout | undefined = undefined;
      const presenceChannel = channels.presence(userId);
      const options = { transform: (message: unknown, channel: string) => (channel === presenceChannel ? changed(message as PresenceStatus) : undefined), onClose: () => clearInterval(recheck) };
      const stream = own ? await live.listen<unknown, PresenceStatus>([presenceChannel], options) : await listenWhileOn<unknown, PresenceStatus>(viewerId, conversationId, { also: [presenceChannel], ...options });
      if (stream.closed) return stream;
      const check = async () => {
        if (!own && !(await isOn(viewerId, conversationId))) return void (await stream.close());
        const status = changed(await presence.status(userId));
        if (status) stream.push(status);
      };
      recheck = setInterval(() => void check().catch((error: unknown) => deps.logger.warn({ err: error }, 'presence re-check failed')), PRESENCE_HEARTBEAT_MS);
      recheck.unref();
      const now = changed(await presence.status(userId));
      if (now) stream.push(now);
      return stream;
    },

    /**
     * What the `User` fields show of someone's presence. Exactly (online, last seen) to themselves and to
     * the other person of a match that is on; to anyone else signed in only whether they were active
     * tonight (`Presence.activeTonight`), never a time; people blocked either way look never seen.
     */
    async presenceOf(actor: Actor, userId: number): Promise<PresenceStatus> {
      const viewerId = signedInActor(actor);
      if (userId === viewerId) return presence.status(userId);
      const [{ state }, matched] = await Promise.all([loadStream(deps.eventStore, chatterStreamId(viewerId), chatterDecider), isOn(viewerId, conversationKey([viewerId, userId]))]);
      if (state.hidden.includes(userId)) return { userId, isOnline: false, lastSeenAt: null };
      if (matched) return presence.status(userId);
      return { userId, isOnline: await presence.activeTonight(userId), lastSeenAt: null };
    },
  };
}
export type ConversationApplication = ReturnType<typeof createConversationApplication>;
