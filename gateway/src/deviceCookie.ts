import { parseCookie, stringifySetCookie } from 'cookie';
import { DEVICE_ID_PATTERN, hashDeviceId } from '@nocturne/platform/sessions';
import { cookieName, isSecureCookie, type CookiePolicy } from './cookiePolicy';

/**
 * The device cookie (docs/design.md, "Known devices"): the auth subgraph asks for it with
 * `x-nocturne-set-device: <id>; Max-Age=<seconds>` after a successful sign-in, and the gateway passes the
 * hash of the one a request carries to auth as `dev` in the signed internal context. On an https site it
 * has the `__Host-` prefix (`cookiePolicy.ts`), so no other site or subdomain can set it.
 */
export const DEVICE_COOKIE = 'nocturne_device';

export interface DeviceInstruction {
  id: string;
  maxAgeSeconds: number;
}

/** Parses `<id>; Max-Age=<seconds>`; null for anything malformed (never put into a header). */
export function parseDeviceInstruction(header: string | null | undefined): DeviceInstruction | null {
  const [id, ...attributes] = (header ?? '').split(';').map((part) => part.trim());
  if (!id || !DEVICE_ID_PATTERN.test(id)) return null;
  const maxAge = attributes.map((attribute) => /^max-age=(\d{1,10})$/i.exec(attribute)?.[1]).find((value) => value !== undefined);
  return maxAge === undefined ? null : { id, maxAgeSeconds: Number.parseInt(maxAge, 10) };
}

/** HttpOnly, long-lived; SameSite=Strict because only the site's own sign-in needs it. */
export function deviceSetCookie(instruction: DeviceInstruction, policy: CookiePolicy, requestSecure: boolean): string {
  return stringifySetCookie(cookieName(DEVICE_COOKIE, policy), instruction.id, { httpOnly: true, sameSite: 'strict', path: '/', secure: isSecureCookie(policy, requestSecure), maxAge: instruction.maxAgeSeconds });
}

/** The hash of the device cookie a request carries (what auth stores and compares), if any. */
export function deviceHashFromCookieHeader(header: string | undefined, policy: CookiePolicy): string | undefined {
  if (!header) return undefined;
  try {
    const id = parseCookie(header)[cookieName(DEVICE_COOKIE, policy)];
    return id && DEVICE_ID_PATTERN.test(id) ? hashDeviceId(id) : undefined;
  } catch {
    return undefined;
  }
}
