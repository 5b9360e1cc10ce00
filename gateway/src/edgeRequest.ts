import { IncomingMessage } from 'node:http';

/** W3C trace context and baggage: what a tracing library continues from a request's headers. */
export const TRACE_CONTEXT_HEADERS = ['traceparent', 'tracestate', 'baggage'] as const;

const baseHeaders = Object.getOwnPropertyDescriptor(IncomingMessage.prototype, 'headers');
if (!baseHeaders?.get || !baseHeaders.set) throw new Error('http.IncomingMessage has no headers accessor to build on');

/**
 * The requests of the gateway's server (`createServer({ IncomingMessage: EdgeRequest })`). The gateway
 * faces the internet: a trace context a client sends is not continued, or a client could choose trace
 * ids, join someone else's trace and force every request of theirs to be sampled. The headers are gone
 * from `headers` as the request is read, before the http instrumentation (tracing on) makes the request's
 * span, which then starts a trace of its own; the gateway's calls of the subgraphs carry that one.
 */
export class EdgeRequest extends IncomingMessage {}

Object.defineProperty(EdgeRequest.prototype, 'headers', {
  configurable: true,
  get(this: IncomingMessage) {
    const headers = baseHeaders.get!.call(this) as IncomingMessage['headers'];
    for (const name of TRACE_CONTEXT_HEADERS) delete headers[name];
    return headers;
  },
  set(this: IncomingMessage, value: IncomingMessage['headers']) {
    baseHeaders.set!.call(this, value);
  },
});
