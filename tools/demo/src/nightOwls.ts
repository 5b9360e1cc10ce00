import type { Logger } from '@nocturne/platform/logging';
import type { BusConsumer, EventBus, KeyValueStore } from '@nocturne/platform/ports';
import type { PersonalDataVault } from '@nocturne/platform/privacy';
import { startChatBack, type ChatBack, type ChatBackOptions } from './chatBack';
import { startLikeBack } from './likeBack';
import type { OwlRegistry } from './owlRegistry';
import { nightOwlProfiles, OWL_CITY } from './owlProfiles';
import { OwlSessions } from './owlSessions';
import { owlPassword, seedNightOwls, type SeedOutcome } from './seedNightOwls';

export interface NightOwlsOptions {
  /** The running gateway, as a browser reaches it. */
  gatewayUrl: string;
  /** Where `swipe.events` arrive, and where handled ones are remembered. */
  bus: EventBus;
  kv: KeyValueStore;
  /** The shared keys that open the personal fields of published events. */
  publishedPersonalData: PersonalDataVault;
  /** The secret the owls' passwords come from, kept with the data (made on first use). */
  secret: () => Promise<Buffer>;
  registry: OwlRegistry;
  logger: Logger;
  /** How many owls (default all, about sixty). */
  count?: number;
  /** When the chatting owls are online (their night, or always), and their pauses. */
  chat?: Pick<ChatBackOptions, 'alwaysNight' | 'pause'>;
}

export interface NightOwls {
  /** Settles once the owls are set up and liking back (undefined when stopped first or when it failed). */
  ready: Promise<SeedOutcome | undefined>;
  stop(): Promise<void>;
}

/**
 * The demo's night owls, started once the gateway answers: sets them up in the background (one at a time,
 * so the app stays responsive), logs one line when done, then lets a share of them like back.
 */
export function startNightOwls(options: NightOwlsOptions): NightOwls {
  const { logger } = options;
  const stopping = new AbortController();
  let consumer: BusConsumer | undefined;
  let chat: ChatBack | undefined;

  const run = async (): Promise<SeedOutcome | undefined> => {
    const began = Date.now();
    const secret = await options.secret();
    const owls = nightOwlProfiles(options.count);
    const outcome = await seedNightOwls({ gatewayUrl: options.gatewayUrl, owls, secret, registry: options.registry, logger, signal: stopping.signal });
    if (stopping.signal.aborted) return undefined;
    // One signed-in session per owl, for liking back and for chatting.
    const sessions = new OwlSessions(options.gatewayUrl, (owl) => owlPassword(secret, owl.username));
    const shared = { bus: options.bus, kv: options.kv, publishedPersonalData: options.publishedPersonalData, owls: outcome.ready, sessions, logger };
    consumer = await startLikeBack(shared);
    chat = await startChatBack({ ...shared, ...(options.chat ?? {}) });
    if (stopping.signal.aborted) await chat.stop();
    const likeBack = [...outcome.ready.values()].filter((owl) => owl.likesBack).length;
    const chatBack = [...outcome.ready.values()].filter((owl) => owl.chatsBack).length;
    logger.info(
      { ready: outcome.ready.size, created: outcome.created, alreadyThere: outcome.skipped, failed: outcome.failed, likeBack, chatBack, ms: Date.now() - began },
      `demo night owls: ${outcome.ready.size} around ${OWL_CITY.name}, ${likeBack} of them like back, ${chatBack} of those chat`,
    );
    return outcome;
  };

  const ready = run().catch((error: unknown) => {
    if (!stopping.signal.aborted) logger.warn({ err: error }, 'demo night owls could not be set up');
    return undefined;
  });

  return {
    ready,
    async stop() {
      stopping.abort();
      await ready;
      await consumer?.stop();
      consumer = undefined;
      await chat?.stop();
      chat = undefined;
    },
  };
}
