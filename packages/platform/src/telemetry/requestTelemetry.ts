import type { ApolloServerPlugin } from '@apollo/server';
import { context, trace, SpanKind, SpanStatusCode, ROOT_CONTEXT } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { boundedLabel, graphqlOperationDuration, httpRequestDuration, httpRequestsInFlight } from './metrics';
import { contextOfHeaders, tracer } from './tracing';

/** Health probes are timed but not traced. */
const PROBES = /^\/(healthz|readyz)$/;

const seconds = (startedAt: bigint) => Number(process.hrtime.bigint() - startedAt) / 1e9;

/** The route template that answered (`/api/users/:id`, `/graphql`; `other`: pages, files, 404s), never the path itself. */
function routeOf(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}`;
  return req.baseUrl || 'other';
}

export interface RequestTelemetryOptions {
  /** The `service` label: `gateway`, `auth`... */
  service: string;
  /**
   * Continue a trace the caller started (subgraphs: the gateway's `traceparent`). The gateway, facing
   * the internet, starts its own.
   */
  continueCallerTrace: boolean;
}

/**
 * Express middleware, first in the chain: the request's latency by route template, method and status
 * class (`nocturne_http_request_duration_seconds`), the requests in flight (`nocturne_http_requests_in_flight`), and a server span for the request when no http
 * instrumentation made one (the embedded stack in tests, or a process started without the preload).
 */
export function requestTelemetry(options: RequestTelemetryOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    const startedAt = process.hrtime.bigint();
    httpRequestsInFlight.inc({ service: options.service });
    // 'close' comes once however the request ends: answered, or the client went away.
    res.once('close', () => httpRequestsInFlight.dec({ service: options.service }));
    const instrumented = trace.getSpan(context.active());
    const parent = options.continueCallerTrace ? contextOfHeaders(req.headers) : ROOT_CONTEXT;
    const span = instrumented || PROBES.test(req.path) ? undefined : tracer().startSpan(`${req.method} ${req.baseUrl}${req.path}`.slice(0, 100), { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'nocturne.service': options.service } }, parent);
    res.once('finish', () => {
      const route = routeOf(req);
      const status = `${Math.floor(res.statusCode / 100)}xx`;
      httpRequestDuration.observe({ service: options.service, method: req.method, route, status }, seconds(startedAt));
      if (span) {
        span.updateName(`${req.method} ${route}`);
        span.setAttributes({ 'http.route': route, 'http.response.status_code': res.statusCode });
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
    });
    if (!span) return next();
    const active = trace.setSpan(parent, span);
    // Body parsers call next() from the request's 'data'/'end' listeners: bound, they keep the span.
    context.bind(active, req);
    context.bind(active, res);
    context.with(active, next);
  };
}

/** One GraphQL operation being timed: its name and type once known, then its outcome. */
export interface GraphqlOperationTiming {
  resolved(operationName: string | null | undefined, type: string): void;
  finished(failed: boolean): void;
}

/**
 * Each operation's latency by name and type (`nocturne_graphql_operation_duration_seconds`) and the
 * operation's name on the active span, for one service. Names are the client's choice, so at most 200
 * distinct well-formed ones are kept per process (the rest count as `other`). Apollo Server's plugin
 * (`graphqlTelemetry`) and the gateway's REST facade, which runs its operations' query plans itself,
 * record through the same one.
 */
export function graphqlOperationTelemetry(service: string): { start(): GraphqlOperationTiming } {
  const operationLabel = boundedLabel(200);
  return {
    start() {
      const startedAt = process.hrtime.bigint();
      let operation = 'anonymous';
      let type = 'unknown';
      return {
        resolved(operationName, operationType) {
          operation = operationLabel(operationName ?? undefined);
          type = operationType;
          trace.getSpan(context.active())?.setAttributes({ 'graphql.operation.name': operationName ?? '', 'graphql.operation.type': type });
        },
        finished(failed) {
          graphqlOperationDuration.observe({ service, operation, type, outcome: failed ? 'error' : 'ok' }, seconds(startedAt));
        },
      };
    },
  };
}

/** Apollo Server plugin: `graphqlOperationTelemetry` for each operation the server runs. */
export function graphqlTelemetry(telemetry: string | ReturnType<typeof graphqlOperationTelemetry>): ApolloServerPlugin {
  const operations = typeof telemetry === 'string' ? graphqlOperationTelemetry(telemetry) : telemetry;
  return {
    async requestDidStart() {
      const timing = operations.start();
      return {
        async didResolveOperation(request) {
          timing.resolved(request.operationName, request.operation?.operation ?? 'unknown');
        },
        async willSendResponse(request) {
          const body = request.response.body;
          timing.finished((request.errors?.length ?? 0) > 0 || (body.kind === 'single' && (body.singleResult.errors?.length ?? 0) > 0));
        },
      };
    },
  };
}

/**
 * What `requestTelemetry` records, for a `/graphql` request handed over inside the process (the embedded
 * stack's gateway calling a subgraph without HTTP): its latency under the route `/graphql`, and a server
 * span continuing the caller's, which is the active one.
 */
export async function inProcessRequestTelemetry<T extends { status: number }>(service: string, run: () => Promise<T>): Promise<T> {
  const startedAt = process.hrtime.bigint();
  httpRequestsInFlight.inc({ service });
  const span = tracer().startSpan('POST /graphql', { kind: SpanKind.SERVER, attributes: { 'http.request.method': 'POST', 'http.route': '/graphql', 'nocturne.service': service } });
  let status = 500;
  try {
    const answer = await context.with(trace.setSpan(context.active(), span), run);
    status = answer.status;
    return answer;
  } finally {
    httpRequestsInFlight.dec({ service });
    httpRequestDuration.observe({ service, method: 'POST', route: '/graphql', status: `${Math.floor(status / 100)}xx` }, seconds(startedAt));
    span.setAttributes({ 'http.response.status_code': status });
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  }
}
