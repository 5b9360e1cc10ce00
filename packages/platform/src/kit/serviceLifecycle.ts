import type { SubgraphServer } from '../http/subgraphServer';
import type { Logger } from '../logging';
import type { BusConsumer, KeyValueStore } from '../ports';
import { startOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from '../relay';
import { createPropagation, type ConsumerReadYourWrites, type Propagation, type WrittenEvent } from './readYourWrites';
import type { ServiceInstance } from './service';

/** Something that runs from start to stop: a projection, a catch-up. */
export interface ServiceWorker {
  start(): Promise<unknown>;
  stop(): Promise<unknown>;
  /** A read side says when it has reached a global position (`Projection.waitFor`). */
  waitFor?(position: number): Promise<boolean>;
}

/** How long an answer waits for the other services to handle what it wrote (read-your-writes). */
export const READ_YOUR_WRITES_TIMEOUT_MS = 5_000;
/** Within that, how long it waits for its events to go out at all: longer, the bus is slow or away. */
export const READ_YOUR_WRITES_PUBLISH_MS = 1_000;

/** Something that may still append events when the server has stopped; `start` is optional. */
export interface ServiceWriter {
  start?(): Promise<unknown>;
  /** Ends it, or waits for what it still has under way. */
  stop(): Promise<unknown>;
}

/** The parts of one service, by role: the lifecycle starts and stops them in the order of their roles. */
export interface ServiceLifecycleParts {
  server: Pick<SubgraphServer, 'start' | 'stop' | 'readiness'>;
  logger: Logger;
  /** Read sides: started first, in order (each resolves once caught up), stopped last, in reverse. */
  projections?: readonly ServiceWorker[];
  /**
   * What appends events outside requests (swipe's pair catch-up), or what requests leave under way (auth's
   * background work, chat's live streams): started after the projections, stopped once the server has
   * stopped and before the relay, whose final flush then publishes what they stored.
   */
  writers?: readonly ServiceWriter[];
  /** The outbox relay of the service's topic: started before the server, stopped after the writers. */
  relay?: OutboxRelayOptions;
  /**
   * Integration consumers: started once the server answers, stopped first (they append too). Each is given
   * what it passes to `consumeIntegrationEvents` as `readYourWrites` (when the service takes part).
   */
  consumers?: ReadonlyArray<(readYourWrites: ConsumerReadYourWrites | undefined) => Promise<BusConsumer>>;
  /**
   * Read-your-writes across services (`kit/readYourWrites.ts`) through this key-value store, shared by
   * every instance of every service: the server's `settleWrites` is the lifecycle's `settle`.
   */
  readYourWrites?: { kv: KeyValueStore; timeoutMs?: number };
  /**
   * Work started once everything runs, not waited for by `start` (a backfill of stored data). `stop`
   * waits for it with the writers; each logs its own outcome.
   */
  background?: ReadonlyArray<() => Promise<unknown>>;
  /** Closed at the very end of a stop that follows a start (auth's mailer). */
  closes?: ReadonlyArray<() => Promise<unknown>>;
}

/** The `ServiceInstance` of a service, and what its readiness checks read. */
export interface ServiceLifecycle extends ServiceInstance {
  /** The relay runs: from its start until its stop has finished. */
  relayStarted(): boolean;
  /** Every consumer runs: from the last one's start until the first one's stop has finished. */
  consumersStarted(): boolean;
  /**
   * Before a request that wrote answers: the service's read models hold its writes, and every other
   * service that reads the events its relay publishes has handled them (bounded; never throws).
   */
  settle(written: readonly WrittenEvent[]): Promise<void>;
}

interface Running {
  projections: ServiceWorker[];
  writers: ServiceWriter[];
  relay: OutboxRelay | undefined;
  server: boolean;
  consumers: BusConsumer[];
  background: Array<Promise<unknown>>;
  closes: Array<() => Promise<unknown>>;
  propagation: Propagation | undefined;
}

/**
 * The start and stop sequence every service shares (`defineService` runs it). Start: the projections, the
 * writers, the relay, the server, the consumers, then the background work. Stop: the consumers, the server (it drains
 * the requests in flight), the background work and the writers, the relay (its final flush), the
 * projections, the closes. A part counts as started once its start has resolved: a start that fails
 * stops what had started, in the same order, and throws; `stop` stops only what started, and a second
 * one finds nothing left. `startRelay` is for tests.
 */
export function createServiceLifecycle(parts: ServiceLifecycleParts, { startRelay = startOutboxRelay }: { startRelay?: (options: OutboxRelayOptions) => Promise<OutboxRelay> } = {}): ServiceLifecycle {
  const { server, logger } = parts;
  const consumerCount = parts.consumers?.length ?? 0;
  let running: Running | undefined;
  let url: string | undefined;
  let starting: Promise<unknown> | undefined;
  let stopping: Promise<void> | undefined;

  /** The service's own read sides reach what was written. */
  const settleLocally = async (written: readonly WrittenEvent[]) => {
    const position = Math.max(0, ...written.map((event) => event.globalPosition));
    if (position === 0) return;
    await Promise.all((parts.projections ?? []).map((projection) => projection.waitFor?.(position)));
  };

  const settle = async (written: readonly WrittenEvent[]) => {
    if (written.length === 0) return;
    await settleLocally(written);
    const relay = parts.relay;
    const state = running;
    if (!relay || !state?.propagation || !state.relay) return;
    const published = written.flatMap((event) => {
      const draft = relay.toIntegrationEvent(event);
      return draft ? [{ id: event.id, type: draft.type }] : [];
    });
    if (published.length === 0) return;
    // Events no other service reads (a like without a match) have nobody to wait for: not even their
    // publication, which would pace every such write by the relay's turn.
    const awaited = await state.propagation.readsAny(relay.topic, published.map((event) => event.type)).catch(() => true);
    if (!awaited) return;
    const startedAt = Date.now();
    const budget = parts.readYourWrites?.timeoutMs ?? READ_YOUR_WRITES_TIMEOUT_MS;
    // With the bus away the events wait in the outbox: nobody can handle them before it is back.
    const outcome = await state.relay.published(Math.max(...written.map((event) => event.globalPosition)), Math.min(budget, READ_YOUR_WRITES_PUBLISH_MS));
    if (outcome === 'failing' || outcome === 'late') {
      logger.warn({ topic: relay.topic, outcome }, 'read-your-writes: the events have not gone out; answering without waiting for their readers');
      return;
    }
    try {
      await state.propagation.awaitReaders(relay.topic, published, Math.max(0, budget - (Date.now() - startedAt)));
    } catch (error) {
      logger.warn({ err: error }, 'read-your-writes: the readers could not be asked; answering without waiting');
    }
  };

  const startAll = async (state: Running): Promise<{ url: string }> => {
    for (const projection of parts.projections ?? []) {
      await projection.start();
      state.projections.push(projection);
    }
    for (const writer of parts.writers ?? []) {
      await writer.start?.();
      state.writers.push(writer);
    }
    if (parts.relay) state.relay = await startRelay(parts.relay);
    if (parts.readYourWrites) {
      state.propagation = createPropagation({ kv: parts.readYourWrites.kv, logger });
      state.closes.push(() => state.propagation!.close());
    }
    ({ url } = await server.start());
    state.server = true;
    const readYourWrites: ConsumerReadYourWrites | undefined = state.propagation && { propagation: state.propagation, settleLocally };
    for (const consume of parts.consumers ?? []) state.consumers.push(await consume(readYourWrites));
    for (const task of parts.background ?? []) {
      state.background.push(
        Promise.resolve()
          .then(task)
          .catch((error: unknown) => logger.error({ err: error }, 'background work of the service failed')),
      );
    }
    return { url };
  };

  /** Stops every started part in the order of their roles, past failures; throws the first one after. */
  const stopAll = async (state: Running) => {
    const failures: unknown[] = [];
    const attempt = async (stop: () => Promise<unknown>) => {
      try {
        await stop();
      } catch (error) {
        failures.push(error);
      }
    };
    for (const consumer of [...state.consumers].reverse()) {
      await attempt(() => consumer.stop());
      state.consumers.pop();
    }
    if (state.server) await attempt(() => server.stop());
    state.server = false;
    await Promise.all(state.background.splice(0));
    for (const writer of state.writers.splice(0).reverse()) await attempt(() => writer.stop());
    const relay = state.relay;
    if (relay) await attempt(() => relay.stop());
    state.relay = undefined;
    for (const projection of state.projections.splice(0).reverse()) await attempt(() => projection.stop());
    for (const close of state.closes.splice(0)) await attempt(close);
    url = undefined;
    if (failures.length > 1) for (const error of failures.slice(1)) logger.error({ err: error }, 'stopping part of the service failed');
    if (failures.length > 0) throw failures[0];
  };

  return {
    get url() {
      return url;
    },
    start() {
      if (running) return Promise.reject(new Error('the service is started already'));
      const state: Running = (running = { projections: [], writers: [], relay: undefined, server: false, consumers: [], background: [], closes: [...(parts.closes ?? [])], propagation: undefined });
      const started = startAll(state).catch(async (error: unknown) => {
        // Nothing may keep running after a failed start: the caller never gets an instance to stop.
        await stopAll(state).catch((stopError: unknown) => logger.error({ err: stopError }, 'stopping what had started failed'));
        if (running === state) running = undefined;
        throw error;
      });
      starting = started;
      return started;
    },
    stop() {
      stopping ??= (async () => {
        await starting?.catch(() => undefined);
        const state = running;
        if (!state) return;
        try {
          await stopAll(state);
        } finally {
          if (running === state) running = undefined;
        }
      })().finally(() => (stopping = undefined));
      return stopping;
    },
    readiness: () => server.readiness(),
    relayStarted: () => running?.relay !== undefined,
    consumersStarted: () => running !== undefined && running.consumers.length === consumerCount,
    settle,
  };
}
