import type { IntegrationEvent } from '@nocturne/contracts';
import { InProcessEventBus, InProcessEventStore, InProcessKeyValueStore, InProcessReadModelStore, MemoryCheckpointStore } from '../inprocess';
import type { BusMessage, DeliveredMessage, EventBus } from '../ports';
import { MemorySubjectKeyStore, openPublishedPersonalData, PersonalDataVault } from '../privacy';
import { eventually } from '../testing';
import { newEvent } from '../testing/eventStoreContract';
import { keyValueDeduper, readModelDeduper, startOutboxRelay, type OutboxRelay } from '.';

const toIntegrationEvent = (event: { type: string; streamId: string; data: unknown }) =>
  event.type.startsWith('Internal') ? null : { type: event.type, version: 1, aggregateId: event.streamId.replace(/^user-/, ''), data: event.data };

/** A bus that fails while `down` is true, as Kafka does when the broker is away. */
class FlakyBus implements EventBus {
  down = false;
  failures = 0;
  constructor(private readonly inner: EventBus) {}
  async publish(topic: string, messages: readonly BusMessage[]) {
    if (this.down) {
      this.failures++;
      throw new Error('broker unavailable');
    }
    await this.inner.publish(topic, messages);
  }
  subscribe(...args: Parameters<EventBus['subscribe']>) {
    return this.inner.subscribe(...args);
  }
  close() {
    return this.inner.close();
  }
}

describe('outbox relay', () => {
  let store: InProcessEventStore;
  let inner: InProcessEventBus;
  let bus: FlakyBus;
  let checkpoint: MemoryCheckpointStore;
  let vault: PersonalDataVault;
  let received: DeliveredMessage[];
  const relays: OutboxRelay[] = [];
  const flushTimeoutMs = 300;
  const start = async (flushWithinMs = flushTimeoutMs) => {
    const relay = await startOutboxRelay({ store, bus, topic: 'auth.events', checkpoint, toIntegrationEvent, publishedPersonalData: vault, initialBackoffMs: 1, maxBackoffMs: 5, flushTimeoutMs: flushWithinMs });
    relays.push(relay);
    return relay;
  };

  beforeEach(async () => {
    store = new InProcessEventStore();
    inner = new InProcessEventBus({ retryBackoffMs: 1 });
    bus = new FlakyBus(inner);
    checkpoint = new MemoryCheckpointStore();
    vault = new PersonalDataVault({ store: new MemorySubjectKeyStore() });
    received = [];
    await inner.subscribe({ groupId: 'test', topics: ['auth.events'], handler: async (m) => void received.push(m) });
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    await inner.close();
    await store.close();
  });

  it('publishes integration events with the stored id, keyed by aggregate, and skips internal ones (a type without a contract as it is)', async () => {
    const registered = { ...newEvent('MemberJoined', { username: 'luna' }), metadata: { correlationId: 'c1' } };
    await store.append('user-1', [registered, newEvent('InternalNote')], { expectedVersion: 0 });
    await start();
    await eventually(() => expect(received).toHaveLength(1));
    const expected: IntegrationEvent = {
      id: registered.id,
      type: 'MemberJoined',
      version: 1,
      occurredAt: registered.occurredAt,
      aggregateId: '1',
      data: { username: 'luna' },
      metadata: { correlationId: 'c1' },
    };
    expect(received[0]).toMatchObject({ key: '1', event: expected });
    // The checkpoint follows the publishing: past the internal event handled after it.
    await eventually(async () => expect(await checkpoint.load('outbox:auth.events')).toBe(2));
  });

  it('sends an event to the topic its mapper names, the others to the relay\'s, each in order', async () => {
    const elsewhere: DeliveredMessage[] = [];
    await inner.subscribe({ groupId: 'test', topics: ['auth.logins'], handler: async (m) => void elsewhere.push(m) });
    const toTopics = (event: { type: string; streamId: string; data: unknown }) => ({ ...toIntegrationEvent(event)!, ...(event.type.startsWith('Login') && { topic: 'auth.logins' }) });
    relays.push(await startOutboxRelay({ store, bus, topic: 'auth.events', checkpoint, toIntegrationEvent: toTopics, publishedPersonalData: vault, initialBackoffMs: 1, maxBackoffMs: 5, flushTimeoutMs }));
    await store.append('user-1', [newEvent('MemberJoined'), newEvent('LoginA'), newEvent('MemberRenamed'), newEvent('LoginB')], { expectedVersion: 0 });
    await eventually(() => expect(elsewhere.map((m) => m.event.type)).toEqual(['LoginA', 'LoginB']));
    await eventually(() => expect(received.map((m) => m.event.type)).toEqual(['MemberJoined', 'MemberRenamed']));
    await eventually(async () => expect(await checkpoint.load('outbox:auth.events')).toBe(4));
  });

  it('says when a position has gone out, when publishing fails, and when it takes too long', async () => {
    const relay = await start();
    const { lastGlobalPosition } = await store.append('user-1', [newEvent('MemberJoined', { username: 'luna' })], { expectedVersion: 0 });
    await expect(relay.published(lastGlobalPosition, 1_000)).resolves.toBe('published');
    await expect(relay.published(lastGlobalPosition + 1, 20)).resolves.toBe('late');
    bus.down = true;
    const next = await store.append('user-2', [newEvent('MemberJoined', { username: 'vega' })], { expectedVersion: 0 });
    await expect(relay.published(next.lastGlobalPosition, 1_000)).resolves.toBe('failing');
    bus.down = false;
  });

  it('resumes after its checkpoint without publishing again', async () => {
    await store.append('user-1', [newEvent('A')], { expectedVersion: 0 });
    const first = await start();
    await eventually(() => expect(received).toHaveLength(1));
    await first.stop();
    await store.append('user-1', [newEvent('B')], { expectedVersion: 1 });
    await start();
    await eventually(() => expect(received.map((m) => m.event.type)).toEqual(['A', 'B']));
    expect(await checkpoint.load('outbox:auth.events')).toBe(2);
  });

  it('keeps every event, in order, through a bus outage and checkpoints only what was published', async () => {
    await store.append('user-1', [newEvent('E1')], { expectedVersion: 0 });
    const relay = await start();
    await eventually(() => expect(received).toHaveLength(1));
    bus.down = true;
    await store.append('user-1', [newEvent('E2'), newEvent('E3')], { expectedVersion: 1 });
    await store.append('user-2', [newEvent('F1')], { expectedVersion: 0 });
    await eventually(() => expect(bus.failures).toBeGreaterThan(3));
    expect(relay.status()).toMatchObject({ failing: true, position: 1, lastError: 'broker unavailable' });
    expect(await checkpoint.load('outbox:auth.events')).toBe(1);
    bus.down = false;
    await eventually(() => expect(received.map((m) => m.event.type)).toEqual(['E1', 'E2', 'E3', 'F1']));
    await eventually(() => expect(relay.status()).toEqual({ failing: false, position: 4 }));
  });

  it('publishes what was stored just before it stopped, before stop() resolves', async () => {
    const relay = await start();
    const events = [newEvent('E1'), newEvent('InternalNote'), newEvent('E2')];
    await store.append('user-1', events, { expectedVersion: 0 });
    await relay.stop();
    expect(await checkpoint.load('outbox:auth.events')).toBe(3);
    // Nothing publishes after stop(): what arrives was on the bus when it resolved.
    await eventually(() => expect(received.map((m) => m.event.id)).toEqual([events[0]!.id, events[2]!.id]));
  });

  it('gives up its final flush as soon as publishing fails (the bus is down), and checkpoints only what was published', async () => {
    await store.append('user-1', [newEvent('E1')], { expectedVersion: 0 });
    const longBoundMs = 10_000;
    const relay = await start(longBoundMs);
    await eventually(async () => expect(await checkpoint.load('outbox:auth.events')).toBe(1));
    bus.down = true;
    await store.append('user-1', [newEvent('E2')], { expectedVersion: 1 });
    const began = Date.now();
    await relay.stop();
    const tookMs = Date.now() - began;
    expect(bus.failures).toBeGreaterThan(0);
    // A process stopping while the broker is away stops once a publish has failed, not at the flush's bound.
    expect(tookMs).toBeLessThan(longBoundMs / 2);
    expect(await checkpoint.load('outbox:auth.events')).toBe(1);

    bus.down = false;
    await start();
    await eventually(() => expect(received.map((m) => m.event.type)).toEqual(['E1', 'E2']));
  });

  it('ends its flush when a publish in flight makes no progress, and publishes that event again on the next start', async () => {
    // A broker that went away mid-publish: the client keeps retrying for a long time before it gives up.
    let attempts = 0;
    const hanging: EventBus = { ...bus, publish: () => (attempts++, new Promise<void>(() => {})), subscribe: bus.subscribe.bind(bus), close: bus.close.bind(bus) };
    const registered = newEvent('UserRegistered');
    await store.append('user-1', [registered], { expectedVersion: 0 });
    const longBoundMs = 10_000;
    const relay = await startOutboxRelay({ store, bus: hanging, topic: 'auth.events', checkpoint, toIntegrationEvent, publishedPersonalData: vault, initialBackoffMs: 1, maxBackoffMs: 5, flushTimeoutMs: longBoundMs, flushStallMs: 200 });
    await eventually(() => expect(attempts).toBe(1));
    const began = Date.now();
    await relay.stop();
    // After the stall (200 ms), not at the bound (10 s): a process stopping while the broker is gone stops soon.
    expect(Date.now() - began).toBeLessThan(longBoundMs / 2);
    expect(await checkpoint.load('outbox:auth.events')).toBe(0);

    await start();
    await eventually(() => expect(received.map((m) => m.event.id)).toEqual([registered.id]));
  });
  it('seals the personal fields the contract names with the person\'s published key, and leaves the rest readable', async () => {
    const registered = newEvent('UserRegistered', { userId: 7, username: 'selene', name: 'Selene Moon', age: 31, registeredAt: 'then' });
    await store.append('user-7', [registered], { expectedVersion: 0 });
    await start();
    await eventually(() => expect(received).toHaveLength(1));
    const published = received[0]!.event;
    expect(JSON.stringify(published)).not.toMatch(/selene|Selene|"age"/);
    expect(published.data).toEqual({ userId: 7, registeredAt: 'then', personalData: expect.stringMatching(/^pd1:/) });
    expect(await openPublishedPersonalData(published, vault)).toEqual({
      erased: false,
      event: { ...published, data: { userId: 7, username: 'selene', name: 'Selene Moon', age: 31, registeredAt: 'then' } },
    });
    await vault.shred('7');
    expect(await openPublishedPersonalData(published, vault)).toEqual({ erased: true, event: { ...published, data: { userId: 7, registeredAt: 'then' } } });
  });

  it('publishes nothing personal about a person erased before the event went out, but still what carries nothing personal', async () => {
    await vault.shred('8');
    await store.append('user-8', [newEvent('AccountDetailsChanged', { userId: 8, name: 'Gone', age: 40 }), newEvent('UserDeleted', { userId: 8, deletedAt: 'now' })], { expectedVersion: 0 });
    const relay = await start();
    await eventually(() => expect(received.map((message) => message.event.type)).toEqual(['UserDeleted']));
    await eventually(() => expect(relay.status().position).toBe(2));
    expect(JSON.stringify(received)).not.toContain('Gone');
  });

});

describe.each([
  ['key-value', () => keyValueDeduper(new InProcessKeyValueStore(), { namespace: 'profile' })],
  ['read model', () => readModelDeduper(new InProcessReadModelStore(), { collection: 'handled_events' })],
])('%s deduper', (_name, make) => {
  it('runs a handler once per event id', async () => {
    const dedupe = make();
    const runs: string[] = [];
    expect(await dedupe.once('e1', async () => void runs.push('e1'))).toBe(true);
    expect(await dedupe.once('e1', async () => void runs.push('e1 again'))).toBe(false);
    expect(await dedupe.once('e2', async () => void runs.push('e2'))).toBe(true);
    expect(runs).toEqual(['e1', 'e2']);
  });

  it('does not mark an event whose handler failed, so its redelivery runs', async () => {
    const dedupe = make();
    await expect(dedupe.once('e1', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await dedupe.seen('e1')).toBe(false);
    expect(await dedupe.once('e1', async () => undefined)).toBe(true);
  });
});

describe('outbox relay with a lease', () => {
  let store: InProcessEventStore;
  let bus: InProcessEventBus;
  let kv: InProcessKeyValueStore;
  let checkpoint: MemoryCheckpointStore;
  let received: DeliveredMessage[];
  const relays: OutboxRelay[] = [];
  const start = async (holder: string) => {
    const relay = await startOutboxRelay({ store, bus, topic: 'auth.events', checkpoint, toIntegrationEvent, publishedPersonalData: new PersonalDataVault({ store: new MemorySubjectKeyStore() }), lease: { kv, ttlMs: 150, holder } });
    relays.push(relay);
    return relay;
  };
  const idsReceived = () => received.map((message) => message.event.id);

  beforeEach(async () => {
    store = new InProcessEventStore();
    bus = new InProcessEventBus({ retryBackoffMs: 1 });
    kv = new InProcessKeyValueStore();
    checkpoint = new MemoryCheckpointStore();
    received = [];
    await bus.subscribe({ groupId: 'test', topics: ['auth.events'], handler: async (m) => void received.push(m) });
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    await bus.close();
    await kv.close();
    await store.close();
  });

  it('has one of two instances over one store publish, so each event goes out once', async () => {
    const [a, b] = [await start('a'), await start('b')];
    expect([a.status().leaseHeld, b.status().leaseHeld]).toEqual([true, false]);
    const events = Array.from({ length: 20 }, (_, i) => newEvent('UserRegistered', { i }));
    for (const [i, event] of events.entries()) await store.append(`user-${i}`, [event], { expectedVersion: 0 });
    await eventually(() => expect(idsReceived()).toHaveLength(20));
    // Some lease periods later, still once each.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(idsReceived().sort()).toEqual(events.map((event) => event.id).sort());
  });

  it('hands over when the holder stops: the other goes on from the checkpoint and loses nothing', async () => {
    const a = await start('a');
    const b = await start('b');
    const first = newEvent('UserRegistered', { n: 1 });
    await store.append('user-1', [first], { expectedVersion: 0 });
    await eventually(() => expect(idsReceived()).toEqual([first.id]));
    await a.stop();
    const second = newEvent('UserRegistered', { n: 2 });
    await store.append('user-2', [second], { expectedVersion: 0 });
    await eventually(() => expect(b.status().leaseHeld).toBe(true), { timeoutMs: 2_000 });
    await eventually(() => expect(idsReceived()).toEqual([first.id, second.id]));
  });

  it('takes over from a holder that died without handing over once its lease runs out', async () => {
    // A dead holder's lease, as a crashed instance leaves it.
    await kv.set('relay-lease:outbox:auth.events', 'crashed', { ttlMs: 150 });
    const b = await start('b');
    expect(b.status().leaseHeld).toBe(false);
    const event = newEvent('UserRegistered', { n: 1 });
    await store.append('user-1', [event], { expectedVersion: 0 });
    await eventually(() => expect(idsReceived()).toEqual([event.id]), { timeoutMs: 2_000 });
  });

  it('stops publishing when it finds its lease taken by another instance', async () => {
    const a = await start('a');
    await kv.set('relay-lease:outbox:auth.events', 'someone-else', { ttlMs: 10_000 });
    await eventually(() => expect(a.status().leaseHeld).toBe(false), { timeoutMs: 2_000 });
    await store.append('user-1', [newEvent('UserRegistered')], { expectedVersion: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toHaveLength(0);
  });
});
