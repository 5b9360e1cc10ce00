import type { IncomingMessage } from 'node:http';

/**
 * A request may carry no Origin (same-origin GETs, non-browser clients); when it does, it must be this
 * site: the public URL's origin or the Host the request was sent to (behind a proxy that rewrites Host,
 * set PUBLIC_URL).
 */
export function isAllowedOrigin(req: IncomingMessage, publicUrl?: string): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (publicUrl && parsed.origin === new URL(publicUrl).origin) return true;
  return req.headers.host !== undefined && parsed.host === req.headers.host;
}
