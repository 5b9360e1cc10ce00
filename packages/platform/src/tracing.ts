/**
 * `import '@nocturne/platform/tracing'` as the first line of a process entry (each service's main.ts, the
 * gateway's, the stack's): with `OTEL_EXPORTER_OTLP_ENDPOINT` set it registers the tracer provider and
 * the standard instrumentations (http, express, graphql, kafkajs, mongoose, ioredis, undici) before those
 * libraries are loaded, which is when they can be patched. Unset, it does nothing: no spans, no cost.
 * Spans go to the OTLP/HTTP endpoint (the collector of docker-compose: http://otel-collector:4318).
 */
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { GraphQLInstrumentation } from '@opentelemetry/instrumentation-graphql';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { MongooseInstrumentation } from '@opentelemetry/instrumentation-mongoose';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { flushTracing, startTracing } from './telemetry/tracingSdk';

/** Whether an outgoing request's headers (undici: a `name: value\r\n` string or a flat name, value list) name a traceparent. */
const carriesTraceparent = (headers: string | ReadonlyArray<string | string[]>): boolean =>
  typeof headers === 'string' ? /(^|\r\n)traceparent:/i.test(headers) : headers.some((entry, index) => index % 2 === 0 && String(entry).toLowerCase() === 'traceparent');

/** Probes and scrapes are not worth a trace each. */
const UNTRACED_PATHS = /^\/(healthz|readyz|metrics)(\?|$)/;

const env = process.env;
if (env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()) {
  startTracing({ serviceName: env.OTEL_SERVICE_NAME?.trim() || 'nocturne', exporter: new OTLPTraceExporter() });
  registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.test(request.url ?? '') }),
      new ExpressInstrumentation(),
      new GraphQLInstrumentation({ ignoreTrivialResolveSpans: true, mergeItems: true }),
      // The gateway's signed subgraph calls carry their own client span and `traceparent`
      // (gateway/src/signedDataSource.ts): a second one from here would make two headers, which the
      // subgraph could not read.
      new UndiciInstrumentation({ ignoreRequestHook: (request) => carriesTraceparent(request.headers) }),
      new KafkaJsInstrumentation(),
      // Only inside a trace: the relays' and projections' polling, lease renewals and dedupe marks
      // would otherwise each make a trace of one span, every few hundred milliseconds.
      new MongooseInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  // Spans still buffered go out when the process ends by itself; the entries flush before process.exit.
  process.once('beforeExit', () => void flushTracing());
}
