import { ChatEvents, isNightTime, Topics } from '@nocturne/contracts';
import type { BusConsumer } from '@nocturne/platform/ports';
import { consumeIntegrationEvents, keyValueDeduper, on } from '@nocturne/platform/relay';
import { createClient, type Client } from 'graphql-ws';
import { WebSocket } from 'ws';
import { GatewayError } from './gatewayClient';
import type { OwlConsumerOptions } from './owlSessions';
import { humanPause, OWL_REPLIES_PER_CONVERSATION, owlReply } from './owlReplies';
import type { OwlProfile } from './owlProfiles';

export const CHAT_BACK_GROUP = 'night-owls-chat';

/** How often the owls look at the clock to come online at 8 PM and go offline at 4 AM (in their zone). */
const PRESENCE_CHECK_MS = 60_000;

export interface ChatBackOptions extends OwlConsumerOptions {
  /** Online round the clock, as where swiping is (the embedded stack's default); else from 8 PM to 4 AM in the owl's zone. */
  alwaysNight?: boolean;
  /** How long an owl reads and types before an answer (a person's pace unless given). */
  pause?: (reply: string) => { readMs: number; typeMs: number };
}

export interface ChatBack {
  stop(): Promise<void>;
}

/**
 * The owls who chat: a few of them keep the app open during their night (a live socket, so they show as
 * online to their matches), and each answers a person's message after a pause a person would take (reading,
 * then typing, which the other side sees), with a reply that fits what was said, at most a few times a
 * conversation. Messages arriving during the pause are answered together, by one reply to the latest.
 */
export async function startChatBack(options: ChatBackOptions): Promise<ChatBack> {
  const { logger } = options;
  const pause = options.pause ?? ((reply: string) => humanPause(reply));
  const chatty = new Map([...options.owls].filter(([, owl]) => owl.chatsBack));
  const sockets = new Map<number, Client>();
  /** Conversations an owl is answering now, and those where the person wrote again meanwhile. */
  const answering = new Set<number>();
  const wroteAgain = new Set<number>();
  let stopped = false;


  const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

  async function answer(owlId: number, owl: OwlProfile, matchId: number): Promise<void> {
    const client = await options.sessions.of(owlId, owl);
    const messages = await client.messages(matchId);
    const last = messages.at(-1);
    // Already answered (the owl spoke last), or answered as often as an owl does.
    if (!last || last.senderId === owlId) return;
    const answered = messages.filter((message) => message.senderId === owlId).length;
    if (answered >= OWL_REPLIES_PER_CONVERSATION) return;
    const reply = owlReply(owl, last.content, answered);
    const { readMs, typeMs } = pause(reply);
    await wait(readMs);
    await client.typing(matchId, true).catch(() => undefined);
    await wait(typeMs);
    if (stopped) return;
    await client.sendMessage(matchId, owlId, reply);
    logger.info({ owl: owlId, matchId, answered: answered + 1 }, 'a demo night owl answered');
  }

  const schedule = (owlId: number, owl: OwlProfile, matchId: number): void => {
    if (stopped) return;
    // One answer at a time per conversation: what is written meanwhile gets the next one, to the latest message.
    if (answering.has(matchId)) return void wroteAgain.add(matchId);
    answering.add(matchId);
    void answer(owlId, owl, matchId)
      .catch((error: unknown) => {
        // The match ended, or the person left: the app's answer, nothing to retry.
        if (error instanceof GatewayError && error.status >= 400 && error.status < 500) logger.info({ owl: owlId, matchId, status: error.status }, 'a demo night owl could not answer');
        else logger.warn({ err: error, owl: owlId, matchId }, 'a demo night owl could not answer');
      })
      .finally(() => {
        answering.delete(matchId);
        if (wroteAgain.delete(matchId)) schedule(owlId, owl, matchId);
      });
  };

  /** Online during the owl's night: a socket with the unread total open, as the app keeps one. */
  async function keepPresence(): Promise<void> {
    for (const [owlId, owl] of chatty) {
      if (stopped) return;
      const night = options.alwaysNight === true || isNightTime(new Date(), owl.timeZone);
      const socket = sockets.get(owlId);
      if (night && !socket) {
        try {
          const client = await options.sessions.of(owlId, owl);
          sockets.set(owlId, liveSocket(options.sessions.gatewayUrl, client.sessionCookie!));
        } catch (error) {
          logger.warn({ err: error, owl: owlId }, 'a demo night owl could not come online');
        }
      } else if (!night && socket) {
        sockets.delete(owlId);
        await socket.dispose();
      }
    }
  }
  await keepPresence();
  // Round the clock, the owls came online above and graphql-ws keeps them connected: no clock to watch.
  const presenceTimer = options.alwaysNight ? undefined : setInterval(() => void keepPresence(), PRESENCE_CHECK_MS);
  presenceTimer?.unref();

  const consumer: BusConsumer = await consumeIntegrationEvents({
    bus: options.bus,
    group: CHAT_BACK_GROUP,
    topics: [Topics.messages],
    publishedPersonalData: options.publishedPersonalData,
    deduper: keyValueDeduper(options.kv, { namespace: CHAT_BACK_GROUP }),
    logger,
    handlers: [
      on(ChatEvents.MessageSent, async (data) => {
        if (options.owls.has(data.senderId)) return;
        const owl = chatty.get(data.recipientId);
        if (owl) schedule(data.recipientId, owl, data.matchId);
      }),
    ],
  });

  return {
    async stop() {
      stopped = true;
      clearInterval(presenceTimer);
      await consumer.stop();
      await Promise.all([...sockets.values()].map((socket) => socket.dispose()));
      sockets.clear();
    },
  };
}

/** The graphql-ws socket a browser tab keeps open, with the owl's session: it counts as online while open. */
function liveSocket(gatewayUrl: string, cookie: string): Client {
  const origin = new URL(gatewayUrl).origin;
  class SessionSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie, origin } });
    }
  }
  const client = createClient({ url: `${origin.replace(/^http/, 'ws')}/graphql`, webSocketImpl: SessionSocket, lazy: false, retryAttempts: Infinity, onNonLazyError: () => undefined });
  client.subscribe({ query: 'subscription OwlOnline { unreadTotal }' }, { next: () => undefined, error: () => undefined, complete: () => undefined });
  return client;
}
