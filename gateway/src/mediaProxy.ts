import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Router, type Request, type Response } from 'express';
import { HttpError, INTERNAL_CONTEXT_HEADER, signInternalContext, type Logger, type SessionStore } from '@nocturne/platform';
import { INTERNAL_ERROR_MESSAGE, sendError } from './httpErrors';
import { isAllowedOrigin } from './origin';
import { sessionIdFromCookieHeader } from './sessionCookie';

/** A documented operation of a proxied prefix, for the OpenAPI document. */
export interface ProxiedOperation {
  method: 'get' | 'post';
  /** Express-style public path. */
  path: string;
  operationId: string;
  summary: string;
  success: { status: number; description: string; contentType: string };
  errors: Array<{ status: number; description: string }>;
}

/** Plain HTTP routes of a subgraph (binary bodies GraphQL does not carry) served under /api. */
export interface ProxiedPrefix {
  /** Public prefix, `/api/photos`. */
  prefix: string;
  subgraph: string;
  /** The subgraph's own prefix, `/photos`. */
  targetPrefix: string;
  operations: ProxiedOperation[];
}

const photoErrors = [
  { status: 401, description: "'Not signed in'" },
  { status: 404, description: 'No such photo' },
];

/** The profile service's media routes (services/profile/src/photos/photoRoutes.ts). */
export const proxiedPrefixes: readonly ProxiedPrefix[] = [
  {
    prefix: '/api/photos',
    subgraph: 'profile',
    targetPrefix: '/photos',
    operations: [
      {
        method: 'post',
        path: '/api/photos',
        operationId: 'uploadPhotos',
        summary: 'Upload photos (multipart/form-data, field `photos`; JPEG, PNG, WebP or GIF, at most 10 MB each, at most 6 in all)',
        success: { status: 201, description: 'The added photos and the whole list', contentType: 'application/json' },
        errors: [
          { status: 400, description: 'No readable image, over 24 megapixels, or more files than still fit (a full profile is refused before its body is read); `field` is photos' },
          { status: 401, description: "'Not signed in'" },
          { status: 403, description: 'Cross-origin request refused (uploads must carry this site as Origin)' },
          { status: 413, description: 'A file is larger than 10 MB (answered as soon as it is, without reading the rest)' },
          { status: 429, description: 'The person uploaded their photos for the hour (PHOTO_UPLOADS_PER_HOUR); Retry-After' },
          { status: 503, description: 'Every photo decoder is busy; Retry-After' },
        ],
      },
      {
        method: 'get',
        path: '/api/photos/:photoId/:size',
        operationId: 'photo',
        summary: 'A photo, re-encoded and stripped of metadata (size: display or thumb)',
        success: { status: 200, description: 'The image', contentType: 'image/*' },
        errors: photoErrors,
      },
    ],
  },
  {
    prefix: '/api/avatars',
    subgraph: 'profile',
    targetPrefix: '/avatars',
    operations: [
      {
        method: 'get',
        path: '/api/avatars/:userId',
        operationId: 'avatar',
        summary: "A generated avatar with the person's initials",
        success: { status: 200, description: 'SVG image', contentType: 'image/svg+xml' },
        errors: [{ status: 401, description: "'Not signed in'" }, { status: 404, description: 'No such profile' }],
      },
    ],
  },
  {
    prefix: '/api/placeholder',
    subgraph: 'profile',
    targetPrefix: '/placeholder',
    operations: [
      {
        method: 'get',
        path: '/api/placeholder/:width/:height',
        operationId: 'placeholder',
        summary: 'A generated placeholder image (1 to 2048 pixels each way)',
        success: { status: 200, description: 'SVG image', contentType: 'image/svg+xml' },
        errors: [{ status: 400, description: 'A size is not a whole number from 1 to 2048; `field` names it' }],
      },
    ],
  },
];

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
  prefixes?: readonly ProxiedPrefix[];
}): Router {
  const router = Router();
  for (const proxied of options.prefixes ?? proxiedPrefixes) {
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
