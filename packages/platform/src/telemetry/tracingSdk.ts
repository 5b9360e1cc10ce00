import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { Attributes } from '@opentelemetry/api';
import type { ExportResult } from '@opentelemetry/core';
import { BatchSpanProcessor, SimpleSpanProcessor, TracerProvider, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { REDACTED_FIELDS, scrubText } from '../logging';

export interface TracingOptions {
  /** `service.name` of every span of this process (OTEL_SERVICE_NAME). */
  serviceName: string;
  exporter: SpanExporter;
  /** Export each span as it ends (tests) instead of in batches. */
  immediate?: boolean;
}

export interface Tracing {
  /** Exports what is buffered. */
  flush(): Promise<void>;
  /** Flushes and unregisters: the API is a no-op again. */
  shutdown(): Promise<void>;
}

/**
 * Registers a tracer provider for this process: W3C trace context propagation and the async context
 * that carries the active span through awaits. The kit's spans (`telemetry/tracing.ts`) and the standard
 * instrumentations (`@nocturne/platform/tracing`) report to it.
 */
export function startTracing(options: TracingOptions): Tracing {
  if (current) throw new Error('tracing is already started in this process');
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors: [options.immediate ? new SimpleSpanProcessor({ exporter: new ScrubbingExporter(options.exporter) }) : new BatchSpanProcessor({ exporter: new ScrubbingExporter(options.exporter) })],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const tracing: Tracing = {
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
      if (current === tracing) current = undefined;
    },
  };
  current = tracing;
  return tracing;
}

let current: Tracing | undefined;

/** Exports the spans still buffered, before a process exits; nothing to do when tracing is off. */
export async function flushTracing(): Promise<void> {
  await current?.flush().catch(() => undefined);
}

/** An attribute named after a secret (`http.request.header.cookie`, `...authorization`, a `token`). */
const SECRET_ATTRIBUTE = new RegExp(`(^|[._-])(${REDACTED_FIELDS.map((field) => field.replace(/[.-]/g, '[.-]')).join('|')})$`, 'i');

function scrubbedAttributes(attributes: Attributes): Attributes {
  const scrubbed: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (SECRET_ATTRIBUTE.test(key)) scrubbed[key] = '[Redacted]';
    // `url.query` holds a query without its `?`: scrubbed as the query of a URL.
    else if (typeof value === 'string') scrubbed[key] = key.endsWith('query') ? scrubText(`?${value}`).slice(1) : scrubText(value);
    else if (Array.isArray(value)) scrubbed[key] = value.map((item) => (typeof item === 'string' ? scrubText(item) : item)) as typeof value;
    else scrubbed[key] = value;
  }
  return scrubbed;
}

/**
 * Secrets never leave the process in a span, as they never reach a log (logging.ts): the instrumentations
 * record URLs with their query (`/reset-password?token=...`), headers when asked, and exception messages,
 * so every span's attributes and events are scrubbed with the log's rules before they are exported.
 */
class ScrubbingExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    this.inner.export(
      spans.map((span) =>
        Object.create(span, {
          name: { value: scrubText(span.name), enumerable: true },
          attributes: { value: scrubbedAttributes(span.attributes), enumerable: true },
          events: { value: span.events.map((event) => ({ ...event, ...(event.attributes && { attributes: scrubbedAttributes(event.attributes) }) })), enumerable: true },
        }) as ReadableSpan,
      ),
      resultCallback,
    );
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}
