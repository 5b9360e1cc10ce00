import { Counter, Gauge, Histogram, register, type CounterConfiguration, type GaugeConfiguration, type HistogramConfiguration, type Registry } from 'prom-client';

/**
 * Every metric of Nocturne, in one place (docs/operations.md lists them with their healthy ranges). They
 * live in prom-client's default registry: one per process, served by `startMetricsServer` on the
 * metrics port. The embedded stack runs every service in one process, so the kit's metrics carry a
 * `service` (or topic, group, projection) label. Label values are bounded: route templates, operation
 * names (capped), event types, never ids or paths.
 */
export const metricsRegistry: Registry = register;

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const FAST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** A metric made once per process, even when a module is loaded twice (jest, two copies). */
function once<T>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

/** The metric of this configuration, made once per process even when a module is loaded twice. */
const histogram = <T extends string>(config: HistogramConfiguration<T>) => once(config.name, () => new Histogram(config));
const counter = <T extends string>(config: CounterConfiguration<T>) => once(config.name, () => new Counter(config));
const gauge = <T extends string>(config: GaugeConfiguration<T>) => once(config.name, () => new Gauge(config));

export const httpRequestDuration = histogram({
      name: 'nocturne_http_request_duration_seconds',
      help: 'HTTP requests by route template (REST calls /api/*, /graphql, media routes), until the answer is sent',
      labelNames: ['service', 'method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
    });

export const httpRequestsInFlight = gauge({
  name: 'nocturne_http_requests_in_flight',
  help: 'HTTP requests received and not answered yet (what a stopping process drains before it exits)',
  labelNames: ['service'],
});

export const graphqlOperationDuration = histogram({
      name: 'nocturne_graphql_operation_duration_seconds',
      help: 'GraphQL operations by name (gateway: the client operations and those of the REST facade; subgraphs: what the gateway sends them)',
      labelNames: ['service', 'operation', 'type', 'outcome'],
      buckets: LATENCY_BUCKETS,
    });

export const subgraphRequestDuration = histogram({
      name: 'nocturne_subgraph_request_duration_seconds',
      help: 'Calls of the gateway to a subgraph, until its answer arrived',
      labelNames: ['subgraph', 'outcome'],
      buckets: LATENCY_BUCKETS,
    });

export const eventStoreAppendDuration = histogram({
      name: 'nocturne_event_store_append_duration_seconds',
      help: 'Appends to a service event store (outcome ok, conflict: another append won the stream version, error)',
      labelNames: ['service', 'outcome'],
      buckets: FAST_BUCKETS,
    });

export const eventsAppended = counter({ name: 'nocturne_events_appended_total', help: 'Events stored, by service and event type', labelNames: ['service', 'type'] });

export const outboxPublished = counter({ name: 'nocturne_outbox_published_total', help: 'Integration events the outbox relays published, by topic and type', labelNames: ['topic', 'type'] });

export const consumerMessages = counter({
      name: 'nocturne_consumer_messages_total',
      help: 'Messages an integration consumer read, by group, topic and outcome (handled, duplicate, skipped, failed: retried by the bus)',
      labelNames: ['group', 'topic', 'outcome'],
    });

export const consumerHandleDuration = histogram({
      name: 'nocturne_consumer_handle_duration_seconds',
      help: 'Time an integration consumer spent on one message',
      labelNames: ['group', 'topic'],
      buckets: FAST_BUCKETS,
    });

export const rateLimitRefusals = counter({
      name: 'nocturne_rate_limit_refusals_total',
      help: 'Requests refused by a rate limit (429), by limit (the counter family, never the key)',
      labelNames: ['limit'],
    });

export const sessionsCreated = counter({ name: 'nocturne_sessions_created_total', help: 'Sessions started (sign-ups and sign-ins)' });

/** Product counters: what the people do (docs/operations.md). */
export const signUps = counter({ name: 'nocturne_sign_ups_total', help: 'Accounts created' });
export const swipes = counter({ name: 'nocturne_swipes_total', help: 'Swipes recorded, by kind', labelNames: ['kind'] });
export const matches = counter({ name: 'nocturne_matches_total', help: 'Matches made' });
export const messages = counter({ name: 'nocturne_messages_total', help: 'Chat messages sent' });

/**
 * A gauge read when Prometheus scrapes: each source (a relay, a projection, a consumer, a gateway)
 * registers itself while it runs and answers its current values.
 */
export interface GaugeSource<L extends string> {
  read(): Array<{ labels: Partial<Record<L, string>>; value: number }>;
}

function sourcedGauge<L extends string>(name: string, help: string, labelNames: readonly L[], combine: 'sum' | 'max' = 'sum') {
  const sources = new Set<GaugeSource<L>>();
  once(
    name,
    () =>
      new Gauge<L>({
        name,
        help,
        labelNames,
        collect() {
          this.reset();
          // Sources with the same labels in one process: counts add up, ages take the oldest.
          const sums = new Map<string, { labels: Partial<Record<L, string>>; value: number }>();
          for (const source of sources) {
            for (const { labels, value } of source.read()) {
              const key = JSON.stringify(labels);
              const sum = sums.get(key);
              if (sum) sum.value = combine === 'sum' ? sum.value + value : Math.max(sum.value, value);
              else sums.set(key, { labels, value });
            }
          }
          for (const { labels, value } of sums.values()) this.set(labels, value);
        },
      }),
  );
  return {
    /** Adds a source; the answer removes it (when its relay, projection or consumer stops). */
    add(source: GaugeSource<L>): () => void {
      sources.add(source);
      return () => void sources.delete(source);
    },
  };
}

export const outboxRelayLag = sourcedGauge(
  'nocturne_outbox_relay_lag_seconds',
  'Age of the oldest stored event an outbox relay has not published yet (0: caught up); grows while the bus is down',
  ['topic'],
  'max',
);
export const outboxRelayFailing = sourcedGauge('nocturne_outbox_relay_failing', '1 while an outbox relay cannot publish (the bus is down); events wait in the store', ['topic'], 'max');
export const consumerLag = sourcedGauge(
  'nocturne_consumer_lag_seconds',
  'Age of the oldest message a consumer group is working on in this process (0: idle, caught up)',
  ['group', 'topic'],
  'max',
);
export const consumerLagMessages = sourcedGauge(
  'nocturne_consumer_lag_messages',
  'Messages a consumer group has not committed yet, per topic (Kafka: high watermark minus committed offset), read every 15 s',
  ['group', 'topic'],
  'max',
);
export const projectionLag = sourcedGauge(
  'nocturne_projection_lag_seconds',
  'Age of the oldest stored event a projection has not applied yet (0: caught up)',
  ['projection'],
  'max',
);
export const projectionPosition = sourcedGauge('nocturne_projection_position', 'Global position of the last event a projection applied', ['projection'], 'max');
export const activeSessions = sourcedGauge(
  'nocturne_sessions_active',
  'Distinct sessions that made a request through this gateway in the last 5 minutes (people using the app now)',
  [],
);
export const websocketConnections = sourcedGauge('nocturne_websocket_connections', 'Open WebSocket (graphql-ws subscription) connections of this gateway', []);
export const upstreamWebsocketConnections = sourcedGauge(
  'nocturne_websocket_upstream_connections',
  'Open graphql-ws connections of this gateway to subgraphs: at most one per browser socket and subgraph, carrying all its subscriptions',
  ['subgraph'],
);

/**
 * Caps the distinct values of a label that a client can choose (GraphQL operation names): the first
 * `max` well-formed values are kept, the rest count as `other`.
 */
export function boundedLabel(max: number, pattern = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/) {
  const seen = new Set<string>();
  return (value: string | null | undefined, fallback = 'anonymous'): string => {
    if (!value) return fallback;
    if (seen.has(value)) return value;
    if (!pattern.test(value) || seen.size >= max) return 'other';
    seen.add(value);
    return value;
  };
}

/** Seconds since an ISO time (0 for a time in the future or one that does not parse). */
export function ageSeconds(isoTime: string | undefined, now = Date.now()): number {
  const time = isoTime ? Date.parse(isoTime) : Number.NaN;
  return Number.isFinite(time) ? Math.max(0, (now - time) / 1000) : 0;
}
