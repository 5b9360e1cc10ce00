import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { is as isMediaType } from 'type-is';
import { z } from 'zod';
import { Messages } from '@nocturne/contracts';
import type { Logger } from '@nocturne/platform/logging';
import { defineRoute, HttpError, type ExecuteOperation, type ProxiedPrefix, type RestRoute } from '@nocturne/platform/rest';
import type { SessionStore } from '@nocturne/platform/sessions';
import { INTERNAL_ERROR_MESSAGE, httpErrorFromGraphQL, knownHttpError, sendError } from '../httpErrors';
import { cookiePolicyOf } from '../cookiePolicy';
import { createRequestContext, type GatewayContext } from '../requestContext';
import type { PlannedOperations } from './plannedOperations';
import { isAllowedOrigin } from '../origin';
import { IDEMPOTENCY_HEADER, IdempotencyKeys, REPLAYED_HEADER, type Claim } from './idempotency';
import { buildOpenApiDocument } from './openApi';

export const REST_BODY_LIMIT = '32kb';

/**
 * Every route of the facade: the services' own (each `ServiceDefinition`'s `restRoutes`, in registry
 * order) and the OpenAPI document's route, which describes them all.
 */
export function restRoutes(serviceRoutes: readonly RestRoute[], options: { publicUrl?: string; proxiedPrefixes?: readonly ProxiedPrefix[] } = {}): RestRoute[] {
  const taken = new Set<string>();
  for (const route of serviceRoutes) {
    const key = `${route.method} ${route.path}`;
    if (taken.has(key)) throw new Error(`two services declare ${route.method.toUpperCase()} ${route.path}`);
    taken.add(key);
  }
  const routes: RestRoute[] = [...serviceRoutes];
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  const openApi = defineRoute({
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'openApiDocument',
    summary: 'This document',
    tag: 'meta',
    access: 'public',
    parseInput: () => undefined,
    success: { status: 200, description: 'OpenAPI 3.1 document of /api', schema: z.object({ openapi: z.string() }).loose() },
    errors: [],
    handle: async () => {
      document ??= buildOpenApiDocument(routes, { title: 'Nocturne REST API', version: '1.0.0', ...(options.publicUrl && { serverUrl: options.publicUrl }) }, options.proxiedPrefixes ?? []);
      return { body: document };
    },
  });
  routes.push(openApi);
  return routes;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RestRouterOptions {
  /** Runs the routes' GraphQL operations on the supergraph. */
  operations: PlannedOperations;
  sessions: SessionStore;
  logger: Logger;
  publicUrl?: string;
  /** The services' routes; the router adds the OpenAPI document's. */
  serviceRoutes: readonly RestRoute[];
  /** The media routes, for the OpenAPI document. */
  proxiedPrefixes?: readonly ProxiedPrefix[];
  /** Where the answers of writes sent with an `Idempotency-Key` are kept (Redis in real mode). */
  idempotency: IdempotencyKeys;
}

function executorFor(operations: PlannedOperations, context: GatewayContext, logger: Logger): ExecuteOperation {
  return async <TData>(query: string, variables?: Record<string, unknown>) => {
    const { data, errors } = await operations.execute(query, variables ?? {}, context);
    if (errors && errors.length > 0) {
      const httpError = httpErrorFromGraphQL(errors[0]!);
      if (httpError.status === 500) logger.error({ errors }, 'a REST call failed in the supergraph');
      throw httpError;
    }
    if (!data) throw new HttpError(500, INTERNAL_ERROR_MESSAGE);
    return data as TData;
  };
}

function isJsonOrBodiless(req: Request): boolean {
  const declared = req.headers['content-type'];
  if (declared === undefined) return req.headers['transfer-encoding'] === undefined && Number(req.headers['content-length'] ?? 0) === 0;
  return isMediaType(declared, ['application/json', 'application/*+json']) !== false;
}

/** Sec-Fetch-Site, where the browser sends it, must say the page is this site's own (or the user typed it). */
const isCrossSiteFetch = (req: Request) => {
  const site = req.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
};

/** 401 without a session, 403 for a path naming another user; both before the body is looked at. */
function checkAccess(route: RestRoute, context: GatewayContext, params: Record<string, string>, body: unknown): void {
  if (route.access === 'public') return;
  if (!context.session) throw new HttpError(401, Messages.signedOut);
  if (route.ownerParam !== undefined && params[route.ownerParam] !== String(context.session.userId)) throw new HttpError(403, Messages.forbidden);
  const named = route.ownerField !== undefined && typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[route.ownerField] : undefined;
  if (named !== undefined && named !== context.session.userId) throw new HttpError(403, Messages.forbidden);
}

/** The REST facade `/api/*` (product spec, point 7): each route runs GraphQL operations on the supergraph (their plans kept, `PlannedOperations`). Mount at `/api`. */
export function createRestRouter(options: RestRouterOptions): Router {
  const { operations, sessions, logger } = options;
  const cookies = cookiePolicyOf(options.publicUrl);
  const routes = restRoutes(options.serviceRoutes, { ...(options.publicUrl && { publicUrl: options.publicUrl }), ...(options.proxiedPrefixes && { proxiedPrefixes: options.proxiedPrefixes }) });
  const router = Router();

  // CSRF: a cross-site form or fetch cannot send a JSON content type without a preflight we never grant,
  // and a browser names the page that sent the request (Origin, Sec-Fetch-Site). A request without a body
  // and without a Content-Type (sign-out, account deletion) has nothing to label; a form always labels its
  // body, even an empty one, so it is still refused.
  router.use((req, res, next) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    if (!isJsonOrBodiless(req)) return sendError(res, new HttpError(415, 'Content-Type must be application/json'));
    if (!isAllowedOrigin(req, options.publicUrl) || isCrossSiteFetch(req)) return sendError(res, new HttpError(403, 'Cross-origin request refused'));
    next();
  });
  router.use(express.json({ limit: REST_BODY_LIMIT, strict: true }));

  // Mounted at /api, so the router sees paths without that prefix.
  const mountedPath = (route: RestRoute) => route.path.replace(/^\/api(?=\/)/, '');
  for (const route of routes) {
    router[route.method](mountedPath(route), async (req: Request, res: Response) => {
      try {
        const body: unknown = req.body ?? {};
        if (route.method !== 'get' && (typeof body !== 'object' || Array.isArray(body))) throw new HttpError(400, 'Request body must be a JSON object');
        const key = route.method === 'get' ? undefined : IdempotencyKeys.keyOf(req.get(IDEMPOTENCY_HEADER));
        const context = await createRequestContext(req, res, sessions, cookies);
        checkAccess(route, context, req.params as Record<string, string>, body);
        const input = route.parseInput(body, req.params as Record<string, string>, req.query as Record<string, unknown>);
        let claim: Claim | undefined;
        if (key !== undefined) {
          const scope = context.session ? `user:${context.session.userId}` : `ip:${context.clientIp}`;
          claim = await options.idempotency.claim(scope, key, IdempotencyKeys.fingerprint(req.method, req.originalUrl, body));
          if (claim.kind === 'replay') {
            res.setHeader(REPLAYED_HEADER, 'true');
            res.status(claim.status).json(claim.body);
            return;
          }
        }
        let result: Awaited<ReturnType<typeof route.handle>>;
        try {
          result = await route.handle({ input, execute: executorFor(operations, context, logger), context });
        } catch (error) {
          // Nothing is kept for a failed call: its retry runs again.
          if (claim?.kind === 'new') await claim.release().catch((releaseError: unknown) => logger.warn({ err: releaseError }, 'could not free an Idempotency-Key'));
          throw error;
        }
        const status = result.status ?? route.success.status;
        if (claim?.kind === 'new') {
          // The write happened: a store that failed now must not turn it into an error.
          await claim.finish(status, result.body).catch((finishError: unknown) => logger.warn({ err: finishError, route: route.path }, 'could not keep the answer of an Idempotency-Key'));
        }
        if (result.clearSession) context.applySessionInstruction({ kind: 'clear' });
        res.status(status).json(result.body);
      } catch (error) {
        const known = knownHttpError(error);
        if (known) {
          if (known.status >= 500) logger.warn({ err: error, route: route.path, status: known.status }, 'REST call failed on a dependency');
          return sendError(res, known);
        }
        logger.error({ err: error, route: route.path }, 'REST call failed');
        sendError(res, new HttpError(500, INTERNAL_ERROR_MESSAGE));
      }
    });
  }

  const knownPaths = routes.map((route) => ({ route, pattern: new RegExp(`^${mountedPath(route).replace(/:[A-Za-z0-9_]+/g, '[^/]+')}/?$`) }));
  router.use((req, res) => {
    const allowed = knownPaths.filter(({ pattern }) => pattern.test(req.path)).map(({ route }) => route.method.toUpperCase());
    if (allowed.length === 0) return sendError(res, new HttpError(404, 'Not found'));
    res.setHeader('Allow', [...new Set(allowed.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])))].join(', '));
    sendError(res, new HttpError(405, 'Method not allowed'));
  });

  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const type = (error as { type?: string } | null)?.type;
    if (type === 'entity.parse.failed') return sendError(res, new HttpError(400, 'Malformed JSON body'));
    if (type === 'entity.too.large') return sendError(res, new HttpError(413, 'Request body too large'));
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') return sendError(res, new HttpError(415, 'Unsupported body encoding'));
    if (type === 'request.aborted') return;
    logger.error({ err: error }, 'REST request failed');
    sendError(res, new HttpError(500, INTERNAL_ERROR_MESSAGE));
  });
  return router;
}
