/**
 * `import '@nocturne/platform/tracing'` as the first line of a process entry (each service's main.ts, the
 * gateway's, the stack's): with `OTEL_EXPORTER_OTLP_ENDPOINT` set it registers the tracer provider and
 * the standard instrumentations (http, express, graphql, undici, kafkajs, the MongoDB driver, ioredis:
 * `telemetry/instrumentations.ts`) before those libraries are loaded, which is when they can be patched.
 * Unset, it does nothing: no spans, no cost. Spans go over OTLP/HTTP to whatever collector that names; with
 * docker-compose it comes from `.env` (`http://otel-collector:4318`, the collector of the `observability`
 * profile), and the containers trace nothing while `.env` leaves it unset.
 */
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { standardInstrumentations } from './telemetry/instrumentations';
import { flushTracing, startTracing } from './telemetry/tracingSdk';

const env = process.env;
if (env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()) {
  startTracing({ serviceName: env.OTEL_SERVICE_NAME?.trim() || 'nocturne', exporter: new OTLPTraceExporter() });
  registerInstrumentations({ instrumentations: standardInstrumentations() });
  // Spans still buffered go out when the process ends by itself; the entries flush before process.exit.
  process.once('beforeExit', () => void flushTracing());
}
