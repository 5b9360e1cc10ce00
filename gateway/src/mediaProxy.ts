import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import { INTERNAL_CONTEXT_HEADER, signInternalContext, STREAMED_BODY } from '@nocturne/platform/http';
import type { Logger } from '@nocturne/platform/logging';
import { DependencyTimeout } from '@nocturne/platform/ports';
import { HttpError, type ProxiedOperation, type ProxiedPrefix } from '@nocturne/platform/rest';
import type { SessionStore } from '@nocturne/platform/sessions';
import { INTERNAL_ERROR_MESSAGE, knownHttpError, sendError } from './httpErrors';
import { cookiePolicyOf } from './cookiePolicy';
import { isAllowedOrigin } from './origin';
import { sessionIdFromCookieHeader } from './sessionCookie';
import { failureLogFields, subgraphFailureOf } from './subgraphFailures';

/**
 * A media request whose answer has not begun after this long answers TIMEOUT (504). Images and avatars
 * come from the service's own store: a few seconds at worst.
 */
export const DEFAULT_MEDIA_TIMEOUT_MS = 15_000;
/**
 * The same for an upload, counted from its start: the person's body (up to 6 photos of 10 MB) goes
 * through first, then the service may wait up to 10 s for memory and a decoder, and decodes each photo.
 */
export const DEFAULT_MEDIA_UPLOAD_TIMEOUT_MS = 120_000;

const FORWARDED_REQUEST_HEADERS = ['content-type', 'content-length', 'accept', 'if-none-match', 'if-modified-since'];
/** The service's own answer headers, security ones included: an image keeps its sandboxing CSP and CORP. */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'etag',
  'last-modified',
  'retry-after',
  'content-security-policy',
  'cross-origin-resource-policy',
  'x-content-type-options',
];

const pick = (headers: IncomingHttpHeaders, names: readonly string[]) =>
  Object.fromEntries(names.flatMap((name) => (headers[name] === undefined ? [] : [[name, headers[name]!]])));

export type RouteMatch = { kind: 'match'; operation: ProxiedOperation; target: string } | { kind: 'wrong-method' } | { kind: 'none' };

/**
 * Which declared route a request names, and the subgraph path it goes to. Only exact shapes pass: the
 * raw path may hold no percent-encoding, backslash, empty, `.` or `..` segment, and each parameter must
 * match its declared pattern, so nothing a client writes can reach another path of the subgraph. The
 * target is rebuilt from the declaration and the matched parameters, never from the client's text.
 */
export function matchProxiedRoute(proxied: ProxiedPrefix, method: string, originalUrl: string): RouteMatch {
  const path = originalUrl.split('?', 1)[0]!;
  if (/[%\\]/.test(path) || !path.startsWith(`${proxied.prefix}`)) return { kind: 'none' };
  const segments = path.split('/').slice(1);
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return { kind: 'none' };
  const prefixLength = proxied.prefix.split('/').length - 1;
  let wrongMethod = false;
  for (const operation of proxied.operations) {
    const shape = operation.path.split('/').slice(1);
    if (shape.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = shape.every((part, index) => {
      const given = segments[index]!;
      if (!part.startsWith(':')) return part === given;
      const pattern = operation.params?.[part.slice(1)];
      if (!pattern) throw new Error(`${operation.operationId}: no pattern declared for ${part}`);
      params[part.slice(1)] = given;
      return pattern.test(given);
    });
    if (!fits) continue;
    if (operation.method.toUpperCase() !== method) {
      wrongMethod = true;
      continue;
    }
    const rest = shape.slice(prefixLength).map((part) => (part.startsWith(':') ? encodeURIComponent(params[part.slice(1)]!) : part));
    return { kind: 'match', operation, target: [proxied.targetPrefix, ...rest].join('/') };
  }
  return wrongMethod ? { kind: 'wrong-method' } : { kind: 'none' };
}

/**
 * Sends the request on to the subgraph and pipes its answer back. Fails with DependencyUnavailable when the
 * subgraph refuses or drops the connection, DependencyTimeout when its answer has not begun within
 * `timeoutMs` (once it has, a slow reader of a large image is not cut off). Resolves quietly when the
 * person leaves first: there is no one left to answer. A read (GET, HEAD) that went out on a kept-alive
 * connection the subgraph closed at that moment (its idle timeout) is sent once more on a new one: nothing
 * reached the subgraph, and the person would otherwise see a broken picture.
 */
function forward(req: Request, res: Response, target: URL, headers: OutgoingHttpHeaders, timeoutMs: number, firstAttempt = true): Promise<void> {
  const isRead = req.method === 'GET' || req.method === 'HEAD';
  return new Promise<void>((resolve, reject) => {
    let personLeft = false;
    let answered = false;
    const upstream = httpRequest(target, { method: req.method, headers });
    const deadline = setTimeout(() => upstream.destroy(new DependencyTimeout('subgraph', timeoutMs)), timeoutMs);
    const fail = (error: unknown) => {
      clearTimeout(deadline);
      if (personLeft) return resolve();
      if (firstAttempt && isRead && !answered && upstream.reusedSocket && (error as NodeJS.ErrnoException).code === 'ECONNRESET') {
        return resolve(forward(req, res, target, headers, timeoutMs, false));
      }
      reject(subgraphFailureOf(error, timeoutMs) ?? error);
    };
    res.once('close', () => {
      if (res.writableFinished) return;
      personLeft = true;
      upstream.destroy();
    });
    upstream.on('error', fail);
    upstream.on('response', (answer) => {
      answered = true;
      clearTimeout(deadline);
      res.status(answer.statusCode ?? 502);
      for (const [name, value] of Object.entries(pick(answer.headers, FORWARDED_RESPONSE_HEADERS))) res.setHeader(name, value);
      pipeline(answer, res).then(resolve, fail);
    });
    // A read has no body (and a second attempt could not read the request again).
    if (isRead) upstream.end();
    else req.pipe(upstream);
  });
}

/**
 * Forwards the declared media routes to the subgraph that serves them, under its `/media` path space,
 * signed for that one request. Uploads are multipart (a content type any page may send), so they must
 * name this site in Origin.
 */
export function mediaProxyRouter(options: {
  subgraphUrl: (name: string) => string | undefined;
  internalSecret: string;
  sessions: SessionStore;
  logger: Logger;
  publicUrl?: string;
  /** The services' media routes (their definitions' `proxiedPrefixes`, named for their subgraph). */
  prefixes: readonly ProxiedPrefix[];
  /** How long a GET waits for the subgraph's answer to begin (default DEFAULT_MEDIA_TIMEOUT_MS). */
  timeoutMs?: number;
  /** How long an upload (POST) waits, its body's transfer included (default DEFAULT_MEDIA_UPLOAD_TIMEOUT_MS). */
  uploadTimeoutMs?: number;
}): Router {
  const router = Router();
  const cookies = cookiePolicyOf(options.publicUrl);
  for (const proxied of options.prefixes) {
    router.use(proxied.prefix, async (req: Request, res: Response) => {
      try {
        const method = req.method === 'HEAD' ? 'GET' : req.method;
        const route = matchProxiedRoute(proxied, method, req.originalUrl);
        if (route.kind === 'wrong-method') throw new HttpError(405, 'Method not allowed');
        if (route.kind === 'none') throw new HttpError(404, 'Not found');
        if (method !== 'GET' && (req.headers.origin === undefined || !isAllowedOrigin(req, options.publicUrl))) throw new HttpError(403, 'Cross-origin request refused');
        const graphqlUrl = options.subgraphUrl(proxied.subgraph);
        if (!graphqlUrl) throw new HttpError(404, 'Not found');
        const target = new URL(route.target, graphqlUrl);
        const session = await options.sessions.resolve(sessionIdFromCookieHeader(req.headers.cookie, cookies));
        const context = signInternalContext(
          { ip: req.ip ?? 'unknown', ...(session && { uid: session.userId, sid: session.hash }) },
          options.internalSecret,
          { method: req.method, path: target.pathname, body: STREAMED_BODY },
        );
        const timeoutMs = method === 'GET' ? (options.timeoutMs ?? DEFAULT_MEDIA_TIMEOUT_MS) : (options.uploadTimeoutMs ?? DEFAULT_MEDIA_UPLOAD_TIMEOUT_MS);
        await forward(req, res, target, { ...pick(req.headers, FORWARDED_REQUEST_HEADERS), [INTERNAL_CONTEXT_HEADER]: context }, timeoutMs);
      } catch (error) {
        // Refusals, and a dependency that is away (the session store, the subgraph): 503 with Retry-After,
        // one that does not answer in time 504, not 500. A fault is logged without its stack: nothing to debug.
        const known = knownHttpError(error);
        if (known) {
          if (known.status >= 500) options.logger.warn({ err: failureLogFields(error as Error), path: req.path, status: known.status }, 'media proxy: a dependency failed');
          // An answer already begun cannot become another: the person sees it broken off.
          if (res.headersSent) return void res.destroy();
          return sendError(res, known);
        }
        options.logger.error({ err: error, path: req.path }, 'media proxy failed');
        if (!res.headersSent) sendError(res, new HttpError(500, INTERNAL_ERROR_MESSAGE));
        else res.destroy();
      }
    });
  }
  return router;
}
