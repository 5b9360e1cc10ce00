import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Router, type Request, type Response } from 'express';
import { HttpError, INTERNAL_CONTEXT_HEADER, signInternalContext, type Logger, type ProxiedPrefix, type SessionStore } from '@nocturne/platform';
import { INTERNAL_ERROR_MESSAGE, sendError } from './httpErrors';
import { isAllowedOrigin } from './origin';
import { sessionIdFromCookieHeader } from './sessionCookie';

const FORWARDED_REQUEST_HEADERS = ['content-type', 'content-length', 'accept', 'if-none-match', 'if-modified-since'];
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'content-length', 'cache-control', 'etag', 'last-modified', 'retry-after'];

const pick = (headers: IncomingHttpHeaders, names: readonly string[]) =>
  Object.fromEntries(names.flatMap((name) => (headers[name] === undefined ? [] : [[name, headers[name]!]])));

/**
 * Forwards the media routes to the subgraph that serves them, signed like GraphQL calls. Uploads are
 * multipart (a content type any page may send), so they must name this site in Origin.
 */
export function mediaProxyRouter(options: {
  subgraphUrl: (name: string) => string | undefined;
  internalSecret: string;
  sessions: SessionStore;
  logger: Logger;
  publicUrl?: string;
  /** The services' media routes (their definitions' `proxiedPrefixes`, named for their subgraph). */
  prefixes: readonly ProxiedPrefix[];
}): Router {
  const router = Router();
  for (const proxied of options.prefixes) {
    const allowedMethods = new Set(proxied.operations.map((operation) => operation.method.toUpperCase()));
    router.use(proxied.prefix, async (req: Request, res: Response) => {
      try {
        const method = req.method === 'HEAD' ? 'GET' : req.method;
        if (!allowedMethods.has(method)) throw new HttpError(allowedMethods.size === 0 ? 404 : 405, allowedMethods.size === 0 ? 'Not found' : 'Method not allowed');
        if (method !== 'GET' && (req.headers.origin === undefined || !isAllowedOrigin(req, options.publicUrl))) throw new HttpError(403, 'Cross-origin request refused');
        const graphqlUrl = options.subgraphUrl(proxied.subgraph);
        if (!graphqlUrl) throw new HttpError(404, 'Not found');
        const target = new URL(`${proxied.targetPrefix}${req.url === '/' ? '' : req.url}`, graphqlUrl.replace(/\/graphql\/?$/, '/'));
        const session = await options.sessions.resolve(sessionIdFromCookieHeader(req.headers.cookie));
        const context = signInternalContext({ ip: req.ip ?? 'unknown', ...(session && { uid: session.userId, sid: session.hash }) }, options.internalSecret);
        await new Promise<void>((resolve, reject) => {
          const upstream = httpRequest(target, { method: req.method, headers: { ...pick(req.headers, FORWARDED_REQUEST_HEADERS), [INTERNAL_CONTEXT_HEADER]: context } }, (answer) => {
            res.status(answer.statusCode ?? 502);
            for (const [name, value] of Object.entries(pick(answer.headers, FORWARDED_RESPONSE_HEADERS))) res.setHeader(name, value);
            answer.pipe(res);
            answer.on('end', resolve);
            answer.on('error', reject);
          });
          upstream.on('error', reject);
          req.pipe(upstream);
        });
      } catch (error) {
        if (error instanceof HttpError) return sendError(res, error);
        options.logger.error({ err: error, path: req.originalUrl }, 'media proxy failed');
        if (!res.headersSent) sendError(res, new HttpError(500, INTERNAL_ERROR_MESSAGE));
        else res.destroy();
      }
    });
  }
  return router;
}
