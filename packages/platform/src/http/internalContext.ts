import { createHmac, timingSafeEqual } from 'node:crypto';

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
const MAX_AGE_MS = 60_000;

const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function signInternalContext(context: Omit<InternalContext, 'iat'>, secret: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ ...context, iat: now })).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** The context of a well-signed, fresh header; null for anything else (missing, forged, stale, malformed). */
export function verifyInternalContext(header: string | undefined, secret: string, now = Date.now()): InternalContext | null {
  if (!header) return null;
  const [payload, signature, extra] = header.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<InternalContext>;
    if (typeof parsed.iat !== 'number' || typeof parsed.ip !== 'string') return null;
    if (Math.abs(now - parsed.iat) > MAX_AGE_MS) return null;
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
