import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

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
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors: [options.immediate ? new SimpleSpanProcessor(options.exporter) : new BatchSpanProcessor(options.exporter)],
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
