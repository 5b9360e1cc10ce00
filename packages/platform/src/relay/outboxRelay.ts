import { randomUUID } from 'node:crypto';
import type { IntegrationEvent } from '@nocturne/contracts';
import type { CheckpointStore } from '../ports';
import type { Logger } from '../logging';
import type { AllSubscription, BusMessage, EventBus, EventStore, KeyValueStore, StoredEvent } from '../ports';
import { sealPublishedPersonalData, SubjectErasedError, type PersonalDataVault } from '../privacy';
import { checkpointBehind } from '../kit/checkpointBehind';
import { ageSeconds, outboxPublished, outboxRelayFailing, outboxRelayLag } from '../telemetry/metrics';
import { contextOfTraceparent, inSpan, SpanKind, traceparentOf } from '../telemetry/tracing';

/** What a mapper answers for a stored event that has an integration contract. */
export interface IntegrationEventDraft<TType extends string = string, TData = unknown> {
  type: TType;
  version: number;
  /** The aggregate's id as other contexts know it; also the message key. */
  aggregateId: string;
  data: TData;
  /** Defaults to the stored event's. */
  occurredAt?: string;
  /** Defaults to the stored event's. */
  metadata?: IntegrationEvent['metadata'];
  /**
   * Another topic than the relay's, for events its usual readers have no use for and that come by the
   * thousand (every swipe): they would wake every one of those readers only to be skipped.
   */
  topic?: string;
}

export interface OutboxRelayOptions {
  store: EventStore;
  bus: EventBus;
  topic: string;
  checkpoint: CheckpointStore;
  /** Name of the checkpoint (default `outbox:<topic>`). */
  name?: string;
  /** null for internal-only events, which are not published. */
  toIntegrationEvent: (event: StoredEvent) => IntegrationEventDraft | null;
  /**
   * Seals the personal fields the contracts name before anything is published (`adapters.publishedPersonalData`).
   * An event of a person whose key is already shredded is not published.
   */
  publishedPersonalData: PersonalDataVault;
  logger?: Logger;
  /** Backoff between failed publishes: starts here and doubles up to `maxBackoffMs` (defaults 100 ms, 10 s). */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /**
   * How long `stop()` may spend publishing what is already stored (default 5 s). It gives up at this bound,
   * and sooner when a publish fails: what is left goes out at the next start, after the checkpoint of what
   * was published.
   */
  flushTimeoutMs?: number;
  /**
   * Within that bound, how long the flush waits for the next event to go out (default 1 s): a publish
   * that neither succeeds nor fails that long (a client retrying a broker that is gone) ends the flush.
   */
  flushStallMs?: number;
  /**
   * The checkpoint is saved at most this often while events go out (default 250 ms), and at the stop: a
   * crash publishes again (same ids, consumers dedupe) at most what went out since the last save.
   */
  checkpointEveryMs?: number;
  /**
   * Instances of a service share one store: with a lease only the holder publishes, so each event goes
   * out once instead of once per instance (see `RelayLease`). Without one, every instance publishes.
   */
  lease?: RelayLease;
}

/** Where relays keep their leases in the key-value store: `relay-lease:<name>`. */
export const RELAY_LEASE_KEY_PREFIX = 'relay-lease:';

/**
 * A lease in the key-value store (`relay-lease:<name>`, holding the holder's id with a time to live). The
 * holder renews it every third of its life; another instance takes it once it runs out, and starts from
 * the shared checkpoint. A holder that finds the lease taken stops publishing. Publishing twice stays
 * harmless (same ids; consumers dedupe), so the lease saves work and duplicates, it does not carry
 * correctness: while the store cannot be reached, the holder keeps publishing and the others wait.
 */
export interface RelayLease {
  kv: KeyValueStore;
  /** Default 15 s: how long the others wait after a holder dies. */
  ttlMs?: number;
  /** Default a random id per relay. */
  holder?: string;
}

export interface OutboxRelayStatus {
  /** Global position of the last event handled (published or skipped). */
  position: number;
  /** True while publishing fails (the bus is down); events wait, none are lost. */
  failing: boolean;
  lastError?: string;
  /** With a lease: whether this relay holds it (publishes) or stands by. */
  leaseHeld?: boolean;
}

/** Whether the events up to a position went out: `elsewhere` when another instance holds the lease. */
export type PublishOutcome = 'published' | 'failing' | 'late' | 'elsewhere';

export interface OutboxRelay {
  status(): OutboxRelayStatus;
  /**
   * Settles once everything up to `position` is published (`published`), as soon as publishing fails
   * (`failing`), after `timeoutMs` (`late`: the bus is slow or away and the client is still retrying), or at
   * once when another instance publishes (`elsewhere`). For read-your-writes, which waits only for events
   * that went out.
   */
  published(position: number, timeoutMs: number): Promise<PublishOutcome>;
  /**
   * Publishes what the store holds by now (the final flush: see `flushTimeoutMs` and `flushStallMs`), then
   * stops and saves the checkpoint of what was published. Call it once nothing appends any more (the service's server has stopped).
   */
  stop(): Promise<void>;
}

interface PublishingRelay extends OutboxRelay {
  /** `flush: false` stops at once: another instance took the lease and publishes from the checkpoint. */
  stop(options?: { flush?: boolean }): Promise<void>;
}

class RelayStopped extends Error {}

/** The most events a final flush publishes (see `flushTarget`). */
const FLUSH_AT_MOST = 500;

/** The most events one publish carries. */
const PUBLISH_AT_MOST = 256;

/**
 * Publishes the store's integration events in global order (so in order per stream), what gathered
 * meanwhile in one publish, and saves the checkpoint behind, only ever of what was published. While the
 * bus is down it retries the same events with backoff, so nothing is lost or reordered; after a crash, events since the last checkpoint are
 * published again with the same ids, which consumers dedupe. `stop()` first publishes what is already
 * stored (bounded by `flushTimeoutMs`), so a clean shutdown leaves nothing waiting for the next start.
 */
export async function startOutboxRelay(options: OutboxRelayOptions): Promise<OutboxRelay> {
  return options.lease ? startLeasedRelay(options, options.lease) : startPublishing(options);
}

async function startLeasedRelay(options: OutboxRelayOptions, lease: RelayLease): Promise<OutboxRelay> {
  const ttlMs = lease.ttlMs ?? 15_000;
  const holder = lease.holder ?? randomUUID();
  const key = `${RELAY_LEASE_KEY_PREFIX}${options.name ?? `outbox:${options.topic}`}`;
  let publishing: PublishingRelay | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let turn: Promise<void> = Promise.resolve();

  /** Takes the lease when free, renews it when ours; starts or stops publishing to match. */
  const tick = async () => {
    if (stopped) return;
    let held: boolean;
    try {
      if (publishing) held = (await lease.kv.get(key)) === holder && (await lease.kv.set(key, holder, { ttlMs }));
      else held = await lease.kv.set(key, holder, { ttlMs, onlyIfAbsent: true });
    } catch (error) {
      options.logger?.warn({ err: error, lease: key }, 'outbox relay: the lease store did not answer; carrying on as before');
      return;
    }
    if (stopped) return;
    if (held && !publishing) {
      options.logger?.info({ lease: key }, 'outbox relay: lease taken, publishing');
      publishing = await startPublishing(options);
    } else if (!held && publishing) {
      options.logger?.warn({ lease: key }, 'outbox relay: lease lost to another instance, standing by');
      const lost = publishing;
      publishing = undefined;
      await lost.stop({ flush: false });
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      turn = tick()
        .catch((error: unknown) => options.logger?.error({ err: error, lease: key }, 'outbox relay: could not start publishing; trying again'))
        .finally(schedule);
    }, Math.max(10, Math.floor(ttlMs / 3)));
    timer.unref?.();
  };
  turn = tick();
  await turn;
  schedule();

  return {
    status: () => (publishing ? { ...publishing.status(), leaseHeld: true } : { position: 0, failing: false, leaseHeld: false }),
    published: (position, timeoutMs) => (publishing ? publishing.published(position, timeoutMs) : Promise.resolve('elsewhere')),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await turn.catch(() => undefined);
      if (!publishing) return;
      await publishing.stop();
      publishing = undefined;
      // Hand over at once instead of after the time to live.
      try {
        if ((await lease.kv.get(key)) === holder) await lease.kv.delete(key);
      } catch (error) {
        options.logger?.warn({ err: error, lease: key }, 'outbox relay: could not give the lease back; it runs out by itself');
      }
    },
  };
}

async function startPublishing(options: OutboxRelayOptions): Promise<PublishingRelay> {
  const name = options.name ?? `outbox:${options.topic}`;
  const initialBackoff = options.initialBackoffMs ?? 100;
  const maxBackoff = options.maxBackoffMs ?? 10_000;
  const flushTimeoutMs = options.flushTimeoutMs ?? 5_000;
  const flushStallMs = Math.min(flushTimeoutMs, options.flushStallMs ?? 1_000);
  const state: OutboxRelayStatus = { position: await options.checkpoint.load(name), failing: false };
  let stopped = false;
  let wakeSleeper: (() => void) | undefined;
  // What stop() calls at once: an attempt in flight is not waited for (a publish to a broker that is away
  // can take as long as the client's own retries, tens of seconds with kafkajs). One entry per attempt, gone
  // with it: a race against one promise settled at the stop added a reaction to it per attempt, kept until
  // the stop (a relay's whole life).
  const giveUpOnStop = new Set<() => void>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeSleeper = undefined;
        resolve();
      }
      wakeSleeper = done;
    });

  /**
   * Runs `work` unless the relay stops first. When it does, the attempt may still complete in the
   * background, but its event counts as not published: the checkpoint stays before it, so the next start
   * publishes it again with the same id (at least once; consumers dedupe).
   */
  const attempt = (work: () => Promise<void>) =>
    new Promise<void>((resolve, reject) => {
      const giveUp = () => reject(new RelayStopped());
      giveUpOnStop.add(giveUp);
      // An abandoned attempt's outcome is nobody's business: the promise has settled already.
      work()
        .then(resolve, reject)
        .finally(() => giveUpOnStop.delete(giveUp));
      if (stopped) giveUp();
    });

  /** Retries `work` until it succeeds or the relay stops. */
  const persist = async (what: string, event: StoredEvent, work: () => Promise<void>) => {
    for (let backoff = initialBackoff; ; backoff = Math.min(maxBackoff, backoff * 2)) {
      if (stopped) throw new RelayStopped();
      try {
        await attempt(work);
        return;
      } catch (error) {
        if (error instanceof RelayStopped) throw error;
        if (!state.failing) options.logger?.warn({ err: error, globalPosition: event.globalPosition, topic: options.topic }, `outbox relay: ${what} failed; retrying`);
        state.failing = true;
        state.lastError = (error as Error).message;
        for (const watcher of progressWatchers) watcher();
        await sleep(backoff);
      }
    }
  };

  /**
   * Seals one integration event in a span continuing the trace that stored it (consumers continue this
   * one); null when its person was erased before it went out (their UserDeleted is, or will be, published
   * instead).
   */
  const seal = (event: StoredEvent, draft: IntegrationEventDraft) =>
    inSpan(`publish ${draft.type}`, { kind: SpanKind.PRODUCER, parent: contextOfTraceparent(event.metadata?.traceparent), attributes: { 'messaging.destination.name': draft.topic ?? options.topic, 'nocturne.event.type': draft.type } }, async () => {
      const metadata = draft.metadata ?? event.metadata ?? {};
      const traceparent = traceparentOf();
      const integrationEvent: IntegrationEvent = {
        id: event.id,
        type: draft.type,
        version: draft.version,
        occurredAt: draft.occurredAt ?? event.occurredAt,
        aggregateId: draft.aggregateId,
        data: draft.data,
        metadata: traceparent ? { ...metadata, traceparent } : metadata,
      };
      const outgoing: { sealed: IntegrationEvent | null } = { sealed: null };
      await persist('sealing personal data', event, async () => {
        try {
          outgoing.sealed = await sealPublishedPersonalData(integrationEvent, options.publishedPersonalData);
        } catch (error) {
          if (!(error instanceof SubjectErasedError)) throw error;
          outgoing.sealed = null;
        }
      });
      return outgoing.sealed;
    });

  /**
   * Events read from the store and not yet published. The subscription hands them over one by one and
   * the publisher sends what has gathered meanwhile in one publish (one write to the bus: on the embedded
   * bus one fsync, not one per event), in global order; the position moves only once the publish is done.
   */
  const queued: StoredEvent[] = [];
  let publisher: Promise<void> | undefined;
  /** Woken when the publisher took events off the queue (or stopped): the subscription may hand over more. */
  let roomMade: (() => void) | undefined;

  const publishQueued = async () => {
    while (queued.length > 0 && !stopped) {
      const batch = queued.slice(0, PUBLISH_AT_MOST);
      const last = batch[batch.length - 1]!;
      inFlight = batch[0];
      /** The batch's messages by topic, each in global order. */
      const byTopic = new Map<string, { messages: BusMessage[]; types: string[] }>();
      for (const event of batch) {
        const draft = options.toIntegrationEvent(event);
        if (!draft) continue;
        const message = await seal(event, draft);
        if (!message) continue;
        const topic = draft.topic ?? options.topic;
        const outgoing = byTopic.get(topic) ?? { messages: [], types: [] };
        outgoing.messages.push({ key: draft.aggregateId, event: message });
        outgoing.types.push(draft.type);
        byTopic.set(topic, outgoing);
      }
      for (const [topic, { messages, types }] of byTopic) {
        // One send per topic for the batch, in the trace of its first event (under that event's publish
        // span): a span has one parent, so the others' traces show their own publish span and the consumer's.
        // A send that fails is tried again until it goes out; the position moves once every topic's has.
        const first = messages[0]!.event.metadata?.traceparent;
        await inSpan(
          `send ${messages.length === 1 ? types[0] : `${messages.length} events`}`,
          { kind: SpanKind.PRODUCER, parent: contextOfTraceparent(typeof first === 'string' ? first : undefined), attributes: { 'messaging.destination.name': topic, 'messaging.batch.message_count': messages.length } },
          () => persist(`publish to ${topic}`, last, () => options.bus.publish(topic, messages)),
        );
        for (const type of types) outboxPublished.inc({ topic, type });
      }
      queued.splice(0, batch.length);
      roomMade?.();
      inFlight = undefined;
      state.position = last.globalPosition;
      for (const watcher of progressWatchers) watcher();
      checkpoint.advanced(state.position);
      if (state.failing) {
        options.logger?.info({ globalPosition: last.globalPosition, topic: options.topic }, 'outbox relay: recovered');
        state.failing = false;
        delete state.lastError;
      }
    }
  };

  const kick = () => {
    publisher ??= publishQueued()
      .catch(async (error: unknown) => {
        if (error instanceof RelayStopped) return;
        // A mapper that throws: tried again after a pause, as the store's subscription would.
        options.logger?.error({ err: error, topic: options.topic }, 'outbox relay: publishing failed; trying again');
        await sleep(maxBackoff);
      })
      .finally(() => {
        publisher = undefined;
        roomMade?.();
        // Events handed over while this turn was ending.
        if (queued.length > 0 && !stopped) kick();
      });
  };

  const handle = async (event: StoredEvent) => {
    // A long backlog is read as fast as it is published, not into memory all at once.
    while (queued.length >= PUBLISH_AT_MOST && !stopped) await new Promise<void>((resolve) => (roomMade = resolve));
    if (stopped) throw new RelayStopped();
    queued.push(event);
    kick();
  };

  /** Only published positions, in order (see `checkpointBehind`): a crash publishes again, with the same ids, what came after the last save. */
  const checkpoint = checkpointBehind({
    from: state.position,
    save: (position) => options.checkpoint.save(name, position),
    everyMs: options.checkpointEveryMs,
    onSaveFailed: (error, position) => options.logger?.warn({ err: error, topic: options.topic, position }, 'outbox relay: checkpoint save failed; publishing goes on, and what went out since is published again after a restart'),
    onSaveRecovered: (position) => options.logger?.info({ topic: options.topic, position }, 'outbox relay: checkpoint saved again'),
  });

  let inFlight: StoredEvent | undefined;
  /** Told when the position advances or a publish fails. */
  const progressWatchers = new Set<() => void>();
  /** Settles once everything up to `position` is handled ('flushed'), or as soon as publishing fails ('failing'). */
  const reached = (position: number) =>
    new Promise<'flushed' | 'failing'>((resolve) => {
      const check = () => {
        const outcome = state.failing ? 'failing' : state.position >= position ? 'flushed' : undefined;
        if (!outcome) return;
        progressWatchers.delete(check);
        resolve(outcome);
      };
      progressWatchers.add(check);
      check();
    });

  /**
   * How far the final flush goes: the last of the next `FLUSH_AT_MOST` events after ours (one read). A
   * longer backlog would not go out within the flush's bound anyway; it goes out at the next start.
   */
  const flushTarget = async () => (await options.store.readAll({ after: state.position, limit: FLUSH_AT_MOST })).at(-1)?.globalPosition ?? state.position;

  /**
   * Lets the subscription publish everything stored by now: the final flush of `stop()`. It gives up at
   * the bound, at once when a publish fails, and when none has gone out for `flushStallMs` (the bus is
   * away: waiting would only delay the stop).
   */
  const flush = async () => {
    let timer: NodeJS.Timeout | undefined;
    let stallTimer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<'out of time'>((resolve) => (timer = setTimeout(() => resolve('out of time'), flushTimeoutMs)));
    // A publish that neither succeeds nor fails (a client retrying a broker that is gone) is a stall.
    const stalled = new Promise<'stalled'>((resolve) => {
      const arm = () => {
        clearTimeout(stallTimer);
        stallTimer = setTimeout(() => resolve('stalled'), flushStallMs);
      };
      progressWatchers.add(arm);
      arm();
    });
    try {
      const outcome = await Promise.race([flushTarget().then(reached), outOfTime, stalled]);
      if (outcome !== 'flushed') {
        options.logger?.warn({ topic: options.topic, position: state.position, flushTimeoutMs, outcome }, 'outbox relay: stopping before everything stored was published; the rest goes out at the next start');
      }
    } catch (error) {
      options.logger?.warn({ err: error, topic: options.topic }, 'outbox relay: the final flush could not read the store; the rest goes out at the next start');
    } finally {
      clearTimeout(timer);
      clearTimeout(stallTimer);
      progressWatchers.clear();
    }
  };

  const unregister = [
    outboxRelayLag.add({ read: () => [{ labels: { topic: options.topic }, value: inFlight ? ageSeconds(inFlight.occurredAt) : 0 }] }),
    outboxRelayFailing.add({ read: () => [{ labels: { topic: options.topic }, value: state.failing ? 1 : 0 }] }),
  ];
  const subscription: AllSubscription = options.store.subscribeToAll(state.position, handle);
  const stop = async (flushFirst: boolean) => {
    if (flushFirst) await flush();
    for (const remove of unregister) remove();
    stopped = true;
    for (const giveUp of giveUpOnStop) giveUp();
    wakeSleeper?.();
    roomMade?.();
    await subscription.stop();
    await publisher;
    // Only a position whose publish (if any) completed: an abandoned publish left state.position before it.
    await checkpoint.stop();
  };
  const published = (position: number, timeoutMs: number) =>
    new Promise<PublishOutcome>((resolve) => {
      const finish = (outcome: PublishOutcome) => {
        clearTimeout(timer);
        progressWatchers.delete(check);
        resolve(outcome);
      };
      const check = () => {
        if (state.failing) finish('failing');
        else if (state.position >= position) finish('published');
      };
      const timer = setTimeout(() => finish('late'), timeoutMs);
      progressWatchers.add(check);
      check();
    });

  let stopping: Promise<void> | undefined;
  return {
    status: () => ({ ...state }),
    published,
    stop: (stopOptions = {}) => (stopping ??= stop(stopOptions.flush ?? true)),
  };
}
