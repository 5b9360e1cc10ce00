import { join } from 'node:path';
import { deadLetterTopic, integrationEventSchema, type IntegrationEvent } from '@nocturne/contracts';
import type { Logger } from '../logging';
import type { BusConsumer, BusMessage, DeliveredMessage, EventBus, SubscribeOptions } from '../ports';
import { AppendLog } from './appendLog';
import { Signal, delay } from './signal';

export interface InProcessEventBusOptions {
  /** Directory for topic logs and committed offsets; without one, everything is in memory. */
  dir?: string;
  /** Partitions per topic; topics not listed get `defaultPartitions` (4). */
  partitions?: Record<string, number>;
  defaultPartitions?: number;
  /** Delay before the n-th retry is n times this (default 100 ms, at most 5 s). */
  retryBackoffMs?: number;
  /**
   * How long a message is kept after it was published, like Kafka's `retention.ms` (default a week). Older
   * messages are dropped from memory and from the topic logs at start and every `retentionCheckMs`.
   */
  retentionMs?: number;
  /** How often old messages are looked for (default 5 minutes, as Kafka's log.retention.check.interval.ms). */
  retentionCheckMs?: number;
  /** Milliseconds since the epoch; tests pass a fake clock. */
  now?: () => number;
  logger?: Logger;
}

/** A message line of a topic log: partition, key, event, publish time (missing in logs written before it existed). */
interface MessageRecord {
  p: number;
  k: string;
  e: IntegrationEvent;
  t?: number;
}

/** First line of a pruned topic log, per partition: the offset of its first message kept. */
interface StartRecord {
  p: number;
  start: number;
}

type TopicRecord = MessageRecord | StartRecord;

interface StoredMessage {
  key: string;
  event: IntegrationEvent;
  publishedAt: number;
}

/** A partition's messages from offset `start` on; those before it were dropped by retention. */
interface Partition {
  start: number;
  messages: StoredMessage[];
}

interface OffsetRecord {
  g: string;
  t: string;
  p: number;
  o: number;
}

interface Topic {
  name: string;
  partitions: Partition[];
  log: AppendLog<TopicRecord> | undefined;
  lock: Promise<unknown>;
}

interface Member {
  options: SubscribeOptions;
  stopping: boolean;
  inFlight: Set<Promise<unknown>>;
}

interface Worker {
  wake: Signal;
  done: Promise<void>;
}

interface Group {
  id: string;
  members: Member[];
  /** Next offset to deliver, per `topic/partition`. */
  offsets: Map<string, number>;
  workers: Map<string, Worker>;
}

const LEGAL_TOPIC = /^[A-Za-z0-9._-]{1,200}$/;
const OFFSET_COMPACTION_THRESHOLD = 10_000;
const DEFAULT_RETENTION_MS = 7 * 24 * 3_600_000;
const DEFAULT_RETENTION_CHECK_MS = 5 * 60_000;
const partitionKey = (topic: string, partition: number) => `${topic}/${partition}`;
const jsonClone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** FNV-1a: stable across restarts, so a key always lands on the same partition. */
export function partitionFor(key: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(key, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % partitions;
}

/**
 * The Kafka contract in one process: partitioned topics keyed by aggregate id, consumer groups sharing
 * partitions, at-least-once delivery with a commit after the handler resolves, retries and a
 * dead-letter topic. With a directory, topic logs are fsync'd before `publish` resolves and commits are
 * appended to `offsets.log`, so a restart neither loses a message nor redelivers a committed one.
 * Messages older than the retention are dropped, from memory and from the files (which are rewritten
 * without them), so the bus is no archive of what people once published.
 */
export class InProcessEventBus implements EventBus {
  private readonly topics = new Map<string, Topic>();
  private readonly groups = new Map<string, Group>();
  private readonly committed = new Map<string, Map<string, number>>();
  private readonly offsetLog: AppendLog<OffsetRecord> | undefined;
  private readonly now: () => number;
  private readonly retentionTimer: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly options: InProcessEventBusOptions = {}) {
    this.now = options.now ?? Date.now;
    this.retentionTimer = setInterval(() => {
      this.prune().catch((error: unknown) => this.options.logger?.error({ err: error }, 'dropping messages past their retention failed'));
    }, options.retentionCheckMs ?? DEFAULT_RETENTION_CHECK_MS);
    this.retentionTimer.unref();
    if (options.dir) {
      const path = join(options.dir, 'offsets.log');
      let log = AppendLog.open<OffsetRecord>(path, { sync: false });
      for (const { g, t, p, o } of log.records) this.committedFor(g).set(partitionKey(t, p), o);
      if (log.records.length > OFFSET_COMPACTION_THRESHOLD) {
        void log.close();
        AppendLog.rewrite(path, [...this.committed].flatMap(([g, offsets]) => [...offsets].map(([tp, o]) => {
          const slash = tp.lastIndexOf('/');
          return { g, t: tp.slice(0, slash), p: Number(tp.slice(slash + 1)), o };
        })));
        log = AppendLog.open<OffsetRecord>(path, { sync: false });
      }
      log.records.length = 0;
      this.offsetLog = log;
    }
  }

  private committedFor(groupId: string): Map<string, number> {
    let offsets = this.committed.get(groupId);
    if (!offsets) this.committed.set(groupId, (offsets = new Map()));
    return offsets;
  }

  private topic(name: string): Topic {
    const existing = this.topics.get(name);
    if (existing) return existing;
    if (!LEGAL_TOPIC.test(name)) throw new Error(`illegal topic name "${name}"`);
    const count = this.options.partitions?.[name] ?? this.options.defaultPartitions ?? 4;
    const topic: Topic = { name, partitions: [], log: undefined, lock: Promise.resolve() };
    const partition = (p: number) => (topic.partitions[p] ??= { start: 0, messages: [] });
    if (this.options.dir) {
      const path = this.topicPath(name);
      topic.log = AppendLog.open<TopicRecord>(path);
      for (const record of topic.log.records) {
        if ('start' in record) partition(record.p).start = record.start;
        // Lines written before publish times were kept are dated by their event.
        else partition(record.p).messages.push({ key: record.k, event: record.e, publishedAt: record.t ?? (Date.parse(record.e.occurredAt) || 0) });
      }
      topic.log.records.length = 0;
    }
    for (let p = 0; p < Math.max(count, topic.partitions.length); p++) partition(p);
    this.topics.set(name, topic);
    // What is past its retention goes at start already, before any consumer can read it.
    if (this.dropExpired(topic) && topic.log) topic.log = this.rewrite(topic, topic.log);
    return topic;
  }

  private topicPath(name: string): string {
    return join(this.options.dir!, 'topics', `${name}.log`);
  }

  /** Drops messages past the retention from the front of each partition; answers whether any went. */
  private dropExpired(topic: Topic): boolean {
    const oldest = this.now() - (this.options.retentionMs ?? DEFAULT_RETENTION_MS);
    let dropped = false;
    for (const partition of topic.partitions) {
      let count = 0;
      while (count < partition.messages.length && partition.messages[count]!.publishedAt < oldest) count++;
      if (count === 0) continue;
      partition.messages.splice(0, count);
      partition.start += count;
      dropped = true;
    }
    return dropped;
  }

  /** Replaces the topic's file by what it still holds (write aside, fsync, rename), so dropped messages leave the disk too. */
  private rewrite(topic: Topic, log: AppendLog<TopicRecord>): AppendLog<TopicRecord> {
    void log.close();
    const records: TopicRecord[] = topic.partitions.flatMap((partition, p) => [
      { p, start: partition.start },
      ...partition.messages.map((message) => ({ p, k: message.key, e: message.event, t: message.publishedAt })),
    ]);
    AppendLog.rewrite(log.path, records);
    const reopened = AppendLog.open<TopicRecord>(log.path);
    reopened.records.length = 0;
    return reopened;
  }

  /** Drops every message past the retention now (also done at start and every `retentionCheckMs`). */
  async prune(): Promise<void> {
    for (const topic of this.topics.values()) {
      const run = async () => {
        if (this.closed || !this.dropExpired(topic) || !topic.log) return;
        await topic.log.close();
        topic.log = this.rewrite(topic, topic.log);
      };
      const result = topic.lock.then(run, run);
      topic.lock = result.catch(() => undefined);
      await result;
    }
  }

  /** Partition count of a topic (creating it). */
  partitionCount(topic: string): number {
    return this.topic(topic).partitions.length;
  }

  async publish(topicName: string, messages: readonly BusMessage[]): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    const topic = this.topic(topicName);
    const publishedAt = this.now();
    const records: MessageRecord[] = messages.map((message) => {
      if (!message.key) throw new Error(`publish to ${topicName}: every message needs a key`);
      const event = jsonClone(integrationEventSchema.parse(message.event)) as IntegrationEvent;
      return { p: partitionFor(message.key, topic.partitions.length), k: message.key, e: event, t: publishedAt };
    });
    if (records.length === 0) return;
    const run = async () => {
      await topic.log?.append(records);
      for (const record of records) topic.partitions[record.p]!.messages.push({ key: record.k, event: record.e, publishedAt });
      this.wakeTopic(topicName);
    };
    const result = topic.lock.then(run, run);
    topic.lock = result.catch(() => undefined);
    await result;
  }

  private wakeTopic(topic: string): void {
    for (const group of this.groups.values()) {
      for (const [key, worker] of group.workers) if (key.startsWith(`${topic}/`)) worker.wake.notify();
    }
  }

  private wakeGroup(group: Group): void {
    for (const worker of group.workers.values()) worker.wake.notify();
  }

  async subscribe(options: SubscribeOptions): Promise<BusConsumer> {
    if (this.closed) throw new Error('event bus is closed');
    if (!options.groupId) throw new Error('subscribe needs a groupId');
    let group = this.groups.get(options.groupId);
    if (!group) {
      group = { id: options.groupId, members: [], offsets: new Map(this.committedFor(options.groupId)), workers: new Map() };
      this.groups.set(options.groupId, group);
    }
    const member: Member = { options, stopping: false, inFlight: new Set() };
    group.members.push(member);
    for (const topicName of options.topics) {
      const topic = this.topic(topicName);
      topic.partitions.forEach(({ start, messages }, partition) => {
        const key = partitionKey(topicName, partition);
        if (!group.offsets.has(key)) group.offsets.set(key, options.fromBeginning === false ? start + messages.length : start);
        if (!group.workers.has(key)) this.startWorker(group, topicName, partition);
      });
    }
    this.wakeGroup(group);
    const currentGroup = group;
    return {
      stop: async () => {
        if (member.stopping) return;
        member.stopping = true;
        this.wakeGroup(currentGroup);
        while (member.inFlight.size > 0) await Promise.allSettled([...member.inFlight]);
        currentGroup.members = currentGroup.members.filter((m) => m !== member);
        this.wakeGroup(currentGroup);
      },
    };
  }

  /** Partitions are dealt round-robin among the live members subscribed to the topic, in join order. */
  private owner(group: Group, topic: string, partition: number): Member | undefined {
    const live = group.members.filter((member) => !member.stopping && member.options.topics.includes(topic));
    return live.length === 0 ? undefined : live[partition % live.length];
  }

  private startWorker(group: Group, topicName: string, partition: number): void {
    const key = partitionKey(topicName, partition);
    const wake = new Signal();
    const run = async () => {
      const stored = this.topic(topicName).partitions[partition]!;
      while (!this.closed) {
        const member = this.owner(group, topicName, partition);
        // A group behind the retention goes on from the oldest message kept, as Kafka's consumers do.
        const offset = Math.max(group.offsets.get(key) ?? 0, stored.start);
        const message = stored.messages[offset - stored.start];
        if (!member || !message) {
          await wake.wait();
          continue;
        }
        const delivery = this.deliver(group, member, topicName, partition, offset, message);
        member.inFlight.add(delivery);
        try {
          await delivery;
        } catch (error) {
          // Only the dead-letter publish or the commit can fail here; the message is delivered again.
          this.options.logger?.error({ err: error, topic: topicName, partition, offset, groupId: group.id }, 'delivery failed');
          await delay(this.options.retryBackoffMs ?? 100);
        } finally {
          member.inFlight.delete(delivery);
        }
      }
    };
    group.workers.set(key, { wake, done: run() });
  }

  private async deliver(
    group: Group,
    member: Member,
    topic: string,
    partition: number,
    offset: number,
    message: StoredMessage,
  ): Promise<void> {
    const maxAttempts = Math.max(1, member.options.maxAttempts ?? 5);
    // Each attempt gets its own copy (a handler may change what it was given), parsed from one text.
    const text = JSON.stringify(message.event);
    for (let attempt = 1; ; attempt++) {
      try {
        const delivered: DeliveredMessage = { topic, partition, offset: String(offset), key: message.key, event: JSON.parse(text) as IntegrationEvent };
        await member.options.handler(delivered);
        break;
      } catch (error) {
        // A stopping member leaves the message uncommitted for whoever takes the partition next.
        if (member.stopping || this.closed) return;
        if (attempt >= maxAttempts) {
          this.options.logger?.error({ err: error, topic, partition, offset, groupId: group.id, eventId: message.event.id }, 'handler kept failing; dead-lettering the message');
          await this.publish(deadLetterTopic(topic), [{ key: message.key, event: message.event }]);
          break;
        }
        this.options.logger?.warn({ err: error, topic, partition, offset, groupId: group.id, attempt }, 'handler failed; retrying');
        await delay(Math.min(5000, (this.options.retryBackoffMs ?? 100) * attempt));
        if (member.stopping || this.closed) return;
      }
    }
    await this.commit(group, topic, partition, offset + 1);
  }

  private async commit(group: Group, topic: string, partition: number, next: number): Promise<void> {
    const key = partitionKey(topic, partition);
    group.offsets.set(key, next);
    this.committedFor(group.id).set(key, next);
    await this.offsetLog?.append([{ g: group.id, t: topic, p: partition, o: next }]);
  }

  /** Committed offsets of a group (next offset to read), keyed `topic/partition`: for tests and lag metrics. */
  committedOffsets(groupId: string): Record<string, number> {
    return Object.fromEntries(this.committed.get(groupId) ?? []);
  }

  async lagOf(groupId: string, topics: readonly string[]): Promise<Record<string, number>> {
    const committed = this.committed.get(groupId);
    const lag: Record<string, number> = {};
    for (const name of topics) {
      lag[name] = 0;
      this.topics.get(name)?.partitions.forEach(({ start, messages }, partition) => {
        const from = Math.max(committed?.get(partitionKey(name, partition)) ?? start, start);
        lag[name]! += Math.max(0, start + messages.length - from);
      });
    }
    return lag;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.retentionTimer);
    for (const group of this.groups.values()) {
      for (const member of group.members) member.stopping = true;
      this.wakeGroup(group);
    }
    await Promise.all([...this.groups.values()].flatMap((group) => [...group.workers.values()].map((worker) => worker.done)));
    await Promise.all([...this.topics.values()].map(async (topic) => {
      await topic.lock;
      await topic.log?.close();
    }));
    await this.offsetLog?.close();
  }
}
