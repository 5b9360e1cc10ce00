import type { Request, Response } from 'express';
import type { Session, SessionStore } from '@nocturne/platform/sessions';
import type { CookiePolicy } from './cookiePolicy';
import { deviceHashFromCookieHeader, deviceSetCookie, type DeviceInstruction } from './deviceCookie';
import { sessionIdFromCookieHeader, sessionSetCookie, type SessionInstruction } from './sessionCookie';

/** What every GraphQL operation carries through the gateway, whether it came over /graphql or /api. */
export interface GatewayContext {
  session: Session | null;
  clientIp: string;
  /** Hash of the request's device cookie, passed to auth as `dev`. */
  deviceHash?: string;
  /** Called when a subgraph answers with `x-nocturne-set-session`. */
  applySessionInstruction(instruction: SessionInstruction): void;
  /** Called when a subgraph answers with `x-nocturne-set-device`. */
  applyDeviceInstruction(instruction: DeviceInstruction): void;
}

/** Marks a value as a GatewayContext created by this gateway, so signing never trusts a look-alike. */
export function isGatewayContext(value: unknown): value is GatewayContext {
  return typeof value === 'object' && value !== null && typeof (value as GatewayContext).clientIp === 'string' && typeof (value as GatewayContext).applySessionInstruction === 'function';
}

/** Resolves the session cookie and binds cookie changes to the client's response. */
export async function createRequestContext(req: Request, res: Response, sessions: SessionStore, cookies: CookiePolicy): Promise<GatewayContext> {
  const session = await sessions.resolve(sessionIdFromCookieHeader(req.headers.cookie, cookies));
  const deviceHash = deviceHashFromCookieHeader(req.headers.cookie, cookies);
  // One Set-Cookie per cookie: a later instruction in the same request wins (sign-in after sign-out).
  const setCookies = new Map<'session' | 'device', string>();
  const setCookie = (name: 'session' | 'device', value: string) => {
    if (res.headersSent) return;
    setCookies.set(name, value);
    res.setHeader('Set-Cookie', [...setCookies.values()]);
  };
  return {
    session,
    clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    ...(deviceHash && { deviceHash }),
    applySessionInstruction(instruction) {
      setCookie('session', sessionSetCookie(instruction, cookies, req.secure));
    },
    applyDeviceInstruction(instruction) {
      setCookie('device', deviceSetCookie(instruction, cookies, req.secure));
    },
  };
}
