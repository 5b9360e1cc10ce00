import { context, isSpanContextValid, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';

/**
 * The kit's own spans: the hops that no standard instrumentation sees (the gateway's call of a subgraph
 * as one signed request, the event store append, the outbox relay, consumers, projections). They use
 * the OpenTelemetry API only: without a registered SDK (`OTEL_EXPORTER_OTLP_ENDPOINT` unset) every call
 * here is a no-op.
 */
export const tracer = () => trace.getTracer('nocturne');

export { SpanKind };

/** W3C `traceparent` of the active span (or of `ctx`), for event metadata and message headers; undefined without a trace. */
export function traceparentOf(ctx: Context = context.active()): string | undefined {
  const span = trace.getSpan(ctx);
  if (!span || !isSpanContextValid(span.spanContext())) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier.traceparent;
}

/** The context a stored `traceparent` continues; `base` (default: none active) when there is none or it does not parse. */
export function contextOfTraceparent(traceparent: string | undefined, base: Context = ROOT_CONTEXT): Context {
  if (!traceparent) return base;
  return propagation.extract(base, { traceparent });
}

/**
 * The context a message handler continues: the trace stored with the event, under the active span when
 * that one already belongs to it (the kafkajs instrumentation's span of the same message), so the
 * handler's span nests inside it rather than beside it.
 */
export function contextToContinue(traceparent: string | undefined): Context {
  const active = context.active();
  const stored = contextOfTraceparent(traceparent, active);
  const activeSpan = trace.getSpan(active)?.spanContext();
  const storedSpan = trace.getSpan(stored)?.spanContext();
  return activeSpan && isSpanContextValid(activeSpan) && activeSpan.traceId === storedSpan?.traceId ? active : stored;
}

/** The context carried by request or message headers (traceparent, tracestate). */
export function contextOfHeaders(headers: Record<string, string | string[] | undefined>, base: Context = ROOT_CONTEXT): Context {
  return propagation.extract(base, headers);
}

/** Writes the active trace context into outgoing headers. */
export function injectTraceHeaders(headers: Record<string, string>, ctx: Context = context.active()): void {
  propagation.inject(ctx, headers);
}

/** The trace and span ids of the active span, for log lines; undefined when no trace is active. */
export function activeTraceIds(): { traceId: string; spanId: string } | undefined {
  const span = trace.getSpan(context.active());
  if (!span) return undefined;
  const spanContext = span.spanContext();
  return isSpanContextValid(spanContext) ? { traceId: spanContext.traceId, spanId: spanContext.spanId } : undefined;
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent; defaults to the active context. */
  parent?: Context;
}

/** Runs `work` in a new active span, ended when it settles; a failure is recorded on the span and rethrown. */
export async function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  const parent = options.parent ?? context.active();
  return tracer().startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, ...(options.attributes && { attributes: options.attributes }) }, parent, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}
