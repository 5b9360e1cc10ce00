import type { z } from 'zod';
import type { Session } from '../sessions';
import { asObject, parseWith } from './input';
import type { ServiceProxiedPrefix } from './proxiedPrefix';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Runs one GraphQL operation against the supergraph for the current request; throws HttpError on errors. */
export type ExecuteOperation = <TData = Record<string, unknown>>(document: string, variables?: Record<string, unknown>) => Promise<TData>;

/** What a route may know of the request beyond its input: who is signed in (the gateway's context has more). */
export interface RouteCallerContext {
  session: Session | null;
  clientIp: string;
}

export interface RouteCall<TInput> {
  input: TInput;
  execute: ExecuteOperation;
  context: RouteCallerContext;
}

/** A route's `handle` for `access: 'signedIn'`: the session is there. */
export const signedInUserId = (context: RouteCallerContext): number => {
  if (!context.session) throw new Error('signedInUserId() called on a route open to signed-out callers');
  return context.session.userId;
};

export interface RouteResult<TAnswer = unknown> {
  /** The answer, of the route's success schema (from `@nocturne/contracts/api`). */
  body: TAnswer;
  status?: number;
  /** Clears the session cookie whatever the subgraphs said (sign-out must always sign the browser out). */
  clearSession?: boolean;
}

export interface DocumentedError {
  status: number;
  description: string;
}

/**
 * One REST call of the facade (`/api/*`). Each service declares its own in its `ServiceDefinition`
 * (`restRoutes`); the gateway serves them by running their GraphQL operations on the supergraph. The
 * router and the OpenAPI document are both generated from the list, so a route cannot exist without
 * being documented.
 */
export interface RestRoute<TInput = unknown, TAnswer = unknown> {
  method: HttpMethod;
  /** Express-style path, `/api/user/:id`. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /**
   * `signedIn`: without a session the router answers 401 before reading the body or calling anything.
   * Subgraphs check again; this keeps the answer order 401, 403, 400 the same for every route.
   */
  access: 'public' | 'signedIn';
  /**
   * A path parameter naming a user (`id` of `/api/user/:id`): any id but the signed-in user's own answers
   * 403 before anything runs. Handlers still pass it on as `userId`, so the subgraph checks it where the
   * rule lives.
   */
  ownerParam?: string;
  /** The same for a body field naming the acting user (`swiperId`, `senderId`): a missing one is left to the body's rules (400). */
  ownerField?: string;
  /** What the body may look like, for the document (and the parser when `defineRoute` got no `parseInput`). */
  requestBody?: z.ZodType;
  /** Validates the body (and path and query parameters) with the shared rules; throws HttpError(400). */
  parseInput(body: unknown, params: Record<string, string>, query: Record<string, unknown>): TInput;
  /** The answer's schema, from `@nocturne/contracts/api`: the OpenAPI document shows it, the client infers its type from it, and `handle` must answer it. */
  success: { status: number; description: string; schema: z.ZodType<TAnswer>; setsSessionCookie?: boolean; clearsSessionCookie?: boolean };
  errors: DocumentedError[];
  handle(call: RouteCall<TInput>): Promise<RouteResult<NoInfer<TAnswer>>>;
}

/**
 * Keeps each route's input and answer types while collecting routes into one list: `handle` must answer
 * what the success schema describes. A route whose body is exactly its documented schema leaves out
 * `parseInput`: the body is then parsed with that schema, so the document and the check cannot disagree.
 */
export function defineRoute<TInput, TAnswer>(route: RestRoute<TInput, TAnswer>): RestRoute<TInput, TAnswer>;
export function defineRoute<S extends z.ZodType, TAnswer>(
  route: Omit<RestRoute<z.output<S>, TAnswer>, 'parseInput' | 'requestBody'> & { requestBody: S },
): RestRoute<z.output<S>, TAnswer>;
export function defineRoute(route: Omit<RestRoute, 'parseInput'> & { parseInput?: RestRoute['parseInput'] }): RestRoute {
  const { requestBody } = route;
  if (route.parseInput) return route as RestRoute;
  if (!requestBody) throw new Error(`${route.operationId}: a route without a request body schema needs parseInput`);
  return { ...route, parseInput: (body) => parseWith(requestBody, asObject(body)) };
}

/**
 * A service's part of the REST facade: its calls and the media it serves. Each service exports its own
 * from a light entry, `@nocturne/<service>/rest`, which loads zod, the contracts and this folder only, so
 * the gateway's process serves every service's calls without loading any service's code. The fields are
 * those of its `ServiceDefinition`, which carries the same table.
 */
export interface ServiceRestTable {
  /** The service, hence the subgraph its media is forwarded to. */
  name: string;
  restRoutes?: readonly RestRoute[];
  proxiedPrefixes?: readonly ServiceProxiedPrefix[];
}
