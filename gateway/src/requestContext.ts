import type { Request, Response } from 'express';
import type { Session, SessionStore } from '@nocturne/platform';
import { sessionIdFromCookieHeader, sessionSetCookie, type SessionInstruction } from './sessionCookie';

/** What every GraphQL operation carries through the gateway, whether it came over /graphql or /api. */
export interface GatewayContext {
  session: Session | null;
  clientIp: string;
  /** Called when a subgraph answers with `x-nocturne-set-session`. */
  applySessionInstruction(instruction: SessionInstruction): void;
}

/** Marks a value as a GatewayContext created by this gateway, so signing never trusts a look-alike. */
export function isGatewayContext(value: unknown): value is GatewayContext {
  return typeof value === 'object' && value !== null && typeof (value as GatewayContext).clientIp === 'string' && typeof (value as GatewayContext).applySessionInstruction === 'function';
}

/** Resolves the session cookie and binds cookie changes to the client's response. */
export async function createRequestContext(req: Request, res: Response, sessions: SessionStore): Promise<GatewayContext> {
  const session = await sessions.resolve(sessionIdFromCookieHeader(req.headers.cookie));
  return {
    session,
    clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    applySessionInstruction(instruction) {
      if (res.headersSent) return;
      // A later instruction in the same request wins (sign-in after sign-out), so replace rather than append.
      res.setHeader('Set-Cookie', sessionSetCookie(instruction, req.secure));
    },
  };
}
