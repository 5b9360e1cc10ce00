import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { startTracing } from '../telemetry/tracingSdk';

export interface InMemoryTracing {
  /** Every span ended so far. */
  spans(): ReadableSpan[];
  /** The spans of one trace. */
  trace(traceId: string): ReadableSpan[];
  shutdown(): Promise<void>;
}

/** Tracing for a test: spans kept in memory, exported as each ends. Shut it down in afterAll. */
export function startInMemoryTracing(serviceName = 'nocturne-test'): InMemoryTracing {
  const exporter = new InMemorySpanExporter();
  const tracing = startTracing({ serviceName, exporter, immediate: true });
  return {
    spans: () => exporter.getFinishedSpans(),
    trace: (traceId) => exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId),
    shutdown: () => tracing.shutdown(),
  };
}
