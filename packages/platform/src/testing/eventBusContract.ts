import { deadLetterTopic, type IntegrationEvent } from '@nocturne/contracts';
import type { BusConsumer, DeliveredMessage, EventBus } from '../ports';
import { eventually, uniqueSuffix } from './eventually';
import type { StoreContractOptions } from './eventStoreContract';

export interface BusContractOptions extends StoreContractOptions<EventBus> {
  /** How long to wait for deliveries (default 5 s; a real broker needs more for group joins). */
  waitMs?: number;
}

let counter = 0;
export const integrationEvent = (aggregateId: string, data: unknown = {}, type = 'Happened'): IntegrationEvent => ({
  id: `ie-${uniqueSuffix()}-${++counter}`,
  type,
  version: 1,
  occurredAt: new Date().toISOString(),
  aggregateId,
  data,
  metadata: {},
});

/** Behaviour every EventBus must have. Topics and groups are unique per test. */
export function eventBusContract(name: string, makeBus: () => EventBus | Promise<EventBus>, options: BusContractOptions = {}): void {
  describe(`EventBus contract: ${name}`, () => {
    if (options.timeoutMs) jest.setTimeout(options.timeoutMs);
    let bus: EventBus;
    const open: EventBus[] = [];
    const consumers: BusConsumer[] = [];
    const wait = { timeoutMs: options.waitMs ?? 5000 };
    const topic = () => `contract-${uniqueSuffix()}`;
    const group = (label = 'g') => `${label}-${uniqueSuffix()}`;
    const subscribe = async (...args: Parameters<EventBus['subscribe']>) => {
      const consumer = await bus.subscribe(...args);
      consumers.push(consumer);
      return consumer;
    };
    const idsOf = (messages: DeliveredMessage[]) => messages.map((m) => m.event.id);

    beforeEach(async () => {
      bus = await makeBus();
      open.push(bus);
    }, options.timeoutMs);
    afterEach(async () => {
      await Promise.all(consumers.splice(0).map((c) => c.stop()));
      await Promise.all(open.splice(0).map((b) => b.close()));
    }, options.timeoutMs);

    it('delivers a published message with its topic, partition, offset and key', async () => {
      const t = topic();
      const received: DeliveredMessage[] = [];
      await subscribe({ groupId: group(), topics: [t], handler: async (m) => void received.push(m) });
      const event = integrationEvent('user-1', { name: 'Luna' });
      await bus.publish(t, [{ key: 'user-1', event }]);
      await eventually(() => expect(received).toHaveLength(1), wait);
      expect(received[0]).toMatchObject({ topic: t, key: 'user-1', event: { ...event, data: { name: 'Luna' } } });
      expect(typeof received[0]!.partition).toBe('number');
      expect(typeof received[0]!.offset).toBe('string');
    });

    it('tells how many messages a group has not committed yet, per topic', async () => {
      expect(bus.lagOf).toBeInstanceOf(Function);
      const t = topic();
      const g = group('lag');
      await bus.publish(t, ['a', 'b', 'c'].map((key) => ({ key, event: integrationEvent(key) })));
      // A group that never read the topic is behind by all of it.
      expect(await bus.lagOf!(g, [t])).toEqual({ [t]: 3 });
      const received: DeliveredMessage[] = [];
      await subscribe({ groupId: g, topics: [t], handler: async (m) => void received.push(m) });
      await eventually(() => expect(received).toHaveLength(3), wait);
      await eventually(async () => expect(await bus.lagOf!(g, [t])).toEqual({ [t]: 0 }), wait);
    });

    it('keeps the order of messages with the same key', async () => {
      const t = topic();
      const received: DeliveredMessage[] = [];
      await subscribe({ groupId: group(), topics: [t], handler: async (m) => void received.push(m) });
      const keys = ['a', 'b', 'c', 'd', 'e'];
      const sent = new Map<string, string[]>(keys.map((k) => [k, []]));
      for (let round = 0; round < 6; round++) {
        const batch = keys.map((key) => ({ key, event: integrationEvent(key, { round }) }));
        for (const m of batch) sent.get(m.key)!.push(m.event.id);
        await bus.publish(t, batch);
      }
      await eventually(() => expect(received).toHaveLength(30), wait);
      for (const key of keys) expect(idsOf(received.filter((m) => m.key === key))).toEqual(sent.get(key));
    });

    it('gives every consumer group every message', async () => {
      const t = topic();
      const first: DeliveredMessage[] = [];
      const second: DeliveredMessage[] = [];
      await subscribe({ groupId: group('one'), topics: [t], handler: async (m) => void first.push(m) });
      await subscribe({ groupId: group('two'), topics: [t], handler: async (m) => void second.push(m) });
      const events = ['k1', 'k2', 'k3'].map((key) => ({ key, event: integrationEvent(key) }));
      await bus.publish(t, events);
      await eventually(() => {
        expect(idsOf(first).sort()).toEqual(events.map((e) => e.event.id).sort());
        expect(idsOf(second).sort()).toEqual(events.map((e) => e.event.id).sort());
      }, wait);
    });

    // At-least-once: a rebalance may hand an uncommitted message to the other member, so this checks
    // coverage; the in-process bus's own tests check that nothing is handled twice.
    it('shares the messages among the members of a group, every message handled', async () => {
      const t = topic();
      const g = group();
      const byMember: DeliveredMessage[][] = [[], []];
      await subscribe({ groupId: g, topics: [t], handler: async (m) => void byMember[0]!.push(m) });
      await subscribe({ groupId: g, topics: [t], handler: async (m) => void byMember[1]!.push(m) });
      const events = Array.from({ length: 20 }, (_, i) => ({ key: `key-${i}`, event: integrationEvent(`key-${i}`) }));
      await bus.publish(t, events);
      await eventually(() => expect([...new Set(idsOf([...byMember[0]!, ...byMember[1]!]))].sort()).toEqual(events.map((e) => e.event.id).sort()), wait);
    });

    it('redelivers a message whose handler failed, before the next message of its key', async () => {
      const t = topic();
      const attempts: string[] = [];
      let failures = 0;
      await subscribe({
        groupId: group(),
        topics: [t],
        maxAttempts: 5,
        handler: async (m) => {
          attempts.push(m.event.type);
          if (m.event.type === 'First' && failures < 2) {
            failures++;
            throw new Error('transient');
          }
        },
      });
      await bus.publish(t, [
        { key: 'same', event: integrationEvent('same', {}, 'First') },
        { key: 'same', event: integrationEvent('same', {}, 'Second') },
      ]);
      await eventually(() => expect(attempts).toEqual(['First', 'First', 'First', 'Second']), wait);
    });

    it('moves a message that keeps failing to the dead-letter topic and carries on', async () => {
      const t = topic();
      const handled: string[] = [];
      const poisonAttempts: number[] = [];
      await subscribe({
        groupId: group(),
        topics: [t],
        maxAttempts: 3,
        handler: async (m) => {
          if (m.event.type === 'Poison') {
            poisonAttempts.push(1);
            throw new Error('cannot handle this');
          }
          handled.push(m.event.type);
        },
      });
      const dead: DeliveredMessage[] = [];
      await subscribe({ groupId: group('dlq'), topics: [deadLetterTopic(t)], handler: async (m) => void dead.push(m) });
      const poison = integrationEvent('same', {}, 'Poison');
      await bus.publish(t, [
        { key: 'same', event: poison },
        { key: 'same', event: integrationEvent('same', {}, 'After') },
      ]);
      await eventually(() => {
        expect(handled).toEqual(['After']);
        expect(dead.map((m) => m.event.id)).toEqual([poison.id]);
      }, wait);
      expect(poisonAttempts).toHaveLength(3);
      expect(dead[0]!.key).toBe('same');
    });

    it('commits after the handler, so a new member of the group resumes after the last handled message', async () => {
      const t = topic();
      const g = group();
      const first: string[] = [];
      const consumer = await bus.subscribe({ groupId: g, topics: [t], handler: async (m) => void first.push(m.event.type) });
      await bus.publish(t, [{ key: 'k', event: integrationEvent('k', {}, 'One') }, { key: 'k', event: integrationEvent('k', {}, 'Two') }]);
      await eventually(() => expect(first).toEqual(['One', 'Two']), wait);
      await consumer.stop();
      const second: string[] = [];
      await subscribe({ groupId: g, topics: [t], handler: async (m) => void second.push(m.event.type) });
      await bus.publish(t, [{ key: 'k', event: integrationEvent('k', {}, 'Three') }]);
      await eventually(() => expect(second).toEqual(['Three']), wait);
    });

    it('finishes the message in flight when stopped and does not deliver it again', async () => {
      const t = topic();
      const g = group();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const started: string[] = [];
      const finished: string[] = [];
      const consumer = await bus.subscribe({
        groupId: g,
        topics: [t],
        handler: async (m) => {
          started.push(m.event.type);
          await gate;
          finished.push(m.event.type);
        },
      });
      await bus.publish(t, [{ key: 'k', event: integrationEvent('k', {}, 'Slow') }]);
      await eventually(() => expect(started).toEqual(['Slow']), wait);
      const stopping = consumer.stop();
      release();
      await stopping;
      expect(finished).toEqual(['Slow']);
      const again: string[] = [];
      await subscribe({ groupId: g, topics: [t], handler: async (m) => void again.push(m.event.type) });
      await bus.publish(t, [{ key: 'k', event: integrationEvent('k', {}, 'Next') }]);
      await eventually(() => expect(again).toEqual(['Next']), wait);
    });

    it('refuses to publish an event that breaks the envelope schema', async () => {
      const bad = { ...integrationEvent('k'), id: '' };
      await expect(bus.publish(topic(), [{ key: 'k', event: bad }])).rejects.toThrow();
    });

    if (options.reopen) {
      const reopen = options.reopen;
      it('keeps published messages and committed positions across a close and reopen', async () => {
        const t = topic();
        const g = group();
        const before: string[] = [];
        const consumer = await bus.subscribe({ groupId: g, topics: [t], handler: async (m) => void before.push(m.event.type) });
        await bus.publish(t, [{ key: 'k', event: integrationEvent('k', {}, 'Handled') }]);
        await eventually(() => expect(before).toEqual(['Handled']), wait);
        await consumer.stop();
        await bus.publish(t, [{ key: 'k', event: integrationEvent('k', {}, 'Pending') }]);
        await bus.close();
        open.splice(open.indexOf(bus), 1);
        bus = await reopen();
        open.push(bus);
        const after: string[] = [];
        await subscribe({ groupId: g, topics: [t], handler: async (m) => void after.push(m.event.type) });
        await eventually(() => expect(after).toEqual(['Pending']), wait);
      });
    }
  });
}
