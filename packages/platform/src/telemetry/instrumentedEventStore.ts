import { SpanKind } from '@opentelemetry/api';
import { SwipeKinds } from '@nocturne/contracts';
import { WrongExpectedVersionError, type AppendResult, type EventStore, type NewEvent, type StreamAppend } from '../ports';
import { eventsAppended, eventStoreAppendDuration, matches, messages, signUps, swipes } from './metrics';
import { inSpan, traceparentOf } from './tracing';

/** The product counters a service's events feed (docs/operations.md). */
export type ProductCounterName = 'signUps' | 'swipes' | 'matches' | 'messages';

/**
 * One product counter fed by one event type of a service (`ServiceDefinition.productCounters`): counted
 * when the event is stored, so a retried command is counted once and every instance counts its own.
 */
export interface ProductCounterRule {
  counter: ProductCounterName;
  eventType: string;
  /** Only events of streams named so (`night-` for swipes: the pair stream repeats them). */
  streamPrefix?: string;
  /** The `kind` label (swipes): read from the event's plain data; unknown when missing. */
  kindOf?: (data: unknown) => string | undefined;
}

const KINDS = new Set<string>(SwipeKinds);

function count(rule: ProductCounterRule, event: NewEvent): void {
  switch (rule.counter) {
    case 'signUps':
      return signUps.inc();
    case 'matches':
      return matches.inc();
    case 'messages':
      return messages.inc();
    case 'swipes': {
      const kind = rule.kindOf?.(event.data);
      return swipes.inc({ kind: kind && KINDS.has(kind) ? kind : 'other' });
    }
  }
}

/** `night-42-2025-01-01` is a `night` stream: the span names the aggregate, never the id. */
const aggregateOf = (streamId: string) => /^[a-z]+/.exec(streamId)?.[0] ?? 'stream';

/**
 * The kit's view of every append: its latency and outcome, the events stored by type, the product
 * counters, a span, and the active trace context written into each event's metadata (unless the caller
 * set one), so the relay, projections and consumers continue the trace that stored it.
 */
export function instrumentEventStore(store: EventStore, options: { service: string; productCounters?: readonly ProductCounterRule[] }): EventStore {
  const { service } = options;
  const rules = options.productCounters ?? [];
  const appendToStreams = (appends: readonly StreamAppend[]): Promise<AppendResult[]> => {
    const aggregates = [...new Set(appends.map(({ streamId }) => aggregateOf(streamId)))].join(',');
    const types = appends.flatMap(({ events }) => events.map((event) => event.type)).join(',');
    return inSpan(`append ${aggregates}`, { kind: SpanKind.INTERNAL, attributes: { 'nocturne.service': service, 'nocturne.stream': aggregates, 'nocturne.events': types } }, async () => {
      const traceparent = traceparentOf();
      const traced = traceparent ? appends.map((part) => ({ ...part, events: part.events.map((event) => (event.metadata?.traceparent ? event : { ...event, metadata: { ...event.metadata, traceparent } })) })) : appends;
      const startedAt = process.hrtime.bigint();
      let outcome = 'error';
      try {
        const result = await store.appendToStreams(traced);
        outcome = 'ok';
        for (const { streamId, events } of appends) {
          for (const event of events) {
            eventsAppended.inc({ service, type: event.type });
            for (const rule of rules) if (rule.eventType === event.type && (!rule.streamPrefix || streamId.startsWith(rule.streamPrefix))) count(rule, event);
          }
        }
        return result;
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) outcome = 'conflict';
        throw error;
      } finally {
        eventStoreAppendDuration.observe({ service, outcome }, Number(process.hrtime.bigint() - startedAt) / 1e9);
      }
    });
  };
  return {
    append: async (streamId, events, appendOptions) => (await appendToStreams([{ streamId, events, expectedVersion: appendOptions.expectedVersion }]))[0]!,
    appendToStreams,
    readStream: (streamId, readOptions) => store.readStream(streamId, readOptions),
    readAll: (readOptions) => store.readAll(readOptions),
    subscribeToAll: (after, handler) => store.subscribeToAll(after, handler),
    close: () => store.close(),
  };
}
