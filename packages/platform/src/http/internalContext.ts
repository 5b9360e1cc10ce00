import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Who is calling a subgraph, as vouched for by the gateway. See docs/design.md. */
export interface InternalContext {
  /** The signed-in user, when there is one. */
  uid?: number;
  /** Hash of the session id the request came with. */
  sid?: string;
  /** The client's address (for rate limits). */
  ip: string;
  /** Hash of the device cookie the request came with, if any (sign-in lockout, docs/design.md). */
  dev?: string;
  /** When the gateway signed it, epoch ms. */
  iat: number;
}

export const INTERNAL_CONTEXT_HEADER = 'x-nocturne-context';
export const SET_SESSION_HEADER = 'x-nocturne-set-session';
/** The auth subgraph's instruction to the gateway: `<device id>; Max-Age=<seconds>` for the device cookie. */
export const SET_DEVICE_HEADER = 'x-nocturne-set-device';

/**
 * How long a signature is good for. It is bound to one request (method, path, body), so within this
 * window it can only repeat that very request.
 */
export const INTERNAL_CONTEXT_MAX_AGE_MS = 15_000;

/** A body streamed through without being read (uploads): the signature binds its method and path only. */
export const STREAMED_BODY = '-';

/** The request a signature is bound to, as the subgraph receives it. */
export interface SignedRequest {
  /** `POST`, `GET`; `SUBSCRIBE` for a subscription over graphql-ws. */
  method: string;
  /** Path and query string, as the subgraph sees them (`/graphql`, `/media/photos/…`). */
  path: string;
  /** The body's bytes, or STREAMED_BODY for a body the caller streams through unread. */
  body: string | Uint8Array | typeof STREAMED_BODY;
}

/** What a subgraph compares a signature with: the body's hash (`hashBody`) or STREAMED_BODY. */
export interface ReceivedRequest {
  method: string;
  path: string;
  bodyHash: string;
}

/** SHA-256 of a body, base64url. */
export const hashBody = (body: string | Uint8Array) => createHash('sha256').update(body).digest('base64url');

/** The body a subscription's signature binds: its operation, as the subgraph receives it in `subscribe`. */
export const subscriptionBody = (payload: { query: string; variables?: Record<string, unknown> | null; operationName?: string | null }) =>
  JSON.stringify({ query: payload.query, variables: payload.variables ?? null, operationName: payload.operationName ?? null });

/**
 * A subscription as the gateway forwards it: the operation with, in its `extensions`, a signature bound to
 * `SUBSCRIBE <path>` and this very operation. Each operation carries its own, so the subscriptions of one
 * browser socket share one socket to the subgraph and none can borrow another's caller.
 */
export function signSubscription<T extends { query: string; variables?: Record<string, unknown> | null; operationName?: string | null; extensions?: Record<string, unknown> | null }>(
  context: Omit<InternalContext, 'iat'>,
  secret: string,
  operation: T,
  path = '/graphql',
  now = Date.now(),
): T & { extensions: Record<string, unknown> } {
  const header = signInternalContext(context, secret, { method: 'SUBSCRIBE', path, body: subscriptionBody(operation) }, now);
  return { ...operation, extensions: { ...operation.extensions, [INTERNAL_CONTEXT_HEADER]: header } };
}

interface SignedPayload extends InternalContext {
  /** Method, path and body hash of the one request this header may go with. */
  m: string;
  p: string;
  bh: string;
}

const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest('base64url');

/**
 * The `x-nocturne-context` header for one request: who is asking, bound to the request's method, path
 * and body, so a header seen on one call cannot be put on another (docs/design.md, "Internal calls").
 */
export function signInternalContext(context: Omit<InternalContext, 'iat'>, secret: string, request: SignedRequest, now = Date.now()): string {
  const bound: SignedPayload = {
    ...context,
    iat: now,
    m: request.method.toUpperCase(),
    p: request.path,
    bh: request.body === STREAMED_BODY ? STREAMED_BODY : hashBody(request.body),
  };
  const payload = Buffer.from(JSON.stringify(bound)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** Signs a GraphQL POST to a subgraph's `/graphql` (tests, benchmarks and tools that call a subgraph directly). */
export const signGraphqlRequest = (context: Omit<InternalContext, 'iat'>, secret: string, body: string, now = Date.now()) =>
  signInternalContext(context, secret, { method: 'POST', path: '/graphql', body }, now);

/**
 * The context of a well-signed, fresh header made for this very request; null for anything else
 * (missing, forged, stale, malformed, or signed for another method, path or body).
 */
export function verifyInternalContext(header: string | undefined, secret: string, request: ReceivedRequest, now = Date.now()): InternalContext | null {
  if (!header) return null;
  const [payload, signature, extra] = header.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<SignedPayload>;
    if (typeof parsed.iat !== 'number' || typeof parsed.ip !== 'string') return null;
    if (Math.abs(now - parsed.iat) > INTERNAL_CONTEXT_MAX_AGE_MS) return null;
    if (parsed.m !== request.method.toUpperCase() || parsed.p !== request.path || parsed.bh !== request.bodyHash) return null;
    if (parsed.uid !== undefined && !(Number.isSafeInteger(parsed.uid) && parsed.uid > 0)) return null;
    if (parsed.sid !== undefined && typeof parsed.sid !== 'string') return null;
    if (parsed.dev !== undefined && !(typeof parsed.dev === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(parsed.dev))) return null;
    return {
      ip: parsed.ip,
      iat: parsed.iat,
      ...(parsed.uid !== undefined && { uid: parsed.uid }),
      ...(parsed.sid !== undefined && { sid: parsed.sid }),
      ...(parsed.dev !== undefined && { dev: parsed.dev }),
    };
  } catch {
    return null;
  }
}
