import { parseCookie, stringifySetCookie } from 'cookie';
import { cookieName, isSecureCookie, type CookiePolicy } from './cookiePolicy';

export const SESSION_COOKIE = 'nocturne_session';

/** What the auth subgraph asked for in `x-nocturne-set-session` (docs/design.md, Sessions). */
export type SessionInstruction = { kind: 'set'; id: string; maxAgeSeconds: number } | { kind: 'clear' };

// Session ids are 32 random bytes in base64url; anything else is refused rather than put in a header.
const sessionIdPattern = /^[A-Za-z0-9_-]{16,128}$/;

/** Parses `<id>; Max-Age=<seconds>` or `clear`; null for anything malformed. */
export function parseSessionInstruction(header: string | null | undefined): SessionInstruction | null {
  if (!header) return null;
  const value = header.trim();
  if (value === 'clear') return { kind: 'clear' };
  const [id, ...attributes] = value.split(';').map((part) => part.trim());
  if (!id || !sessionIdPattern.test(id)) return null;
  let maxAgeSeconds: number | undefined;
  for (const attribute of attributes) {
    const match = /^max-age=(\d{1,10})$/i.exec(attribute);
    if (match?.[1]) maxAgeSeconds = Number.parseInt(match[1], 10);
  }
  if (maxAgeSeconds === undefined) return null;
  return { kind: 'set', id, maxAgeSeconds };
}

/** The `Set-Cookie` value for an instruction, named and flagged by the policy (`cookiePolicy.ts`). */
export function sessionSetCookie(instruction: SessionInstruction, policy: CookiePolicy, requestSecure: boolean): string {
  const name = cookieName(SESSION_COOKIE, policy);
  const common = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: isSecureCookie(policy, requestSecure) };
  if (instruction.kind === 'clear') return stringifySetCookie(name, '', { ...common, maxAge: 0, expires: new Date(0) });
  return stringifySetCookie(name, instruction.id, { ...common, maxAge: instruction.maxAgeSeconds });
}

/** The session id a request carries, if any (only under the policy's name: `__Host-` on an https site). */
export function sessionIdFromCookieHeader(header: string | undefined, policy: CookiePolicy): string | undefined {
  if (!header) return undefined;
  try {
    return parseCookie(header)[cookieName(SESSION_COOKIE, policy)] || undefined;
  } catch {
    return undefined;
  }
}
