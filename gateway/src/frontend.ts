import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { Router, type Request, type Response, type NextFunction } from 'express';

/** Paths the client-side router never owns. */
const serverPaths = /^\/(api|graphql|healthz|readyz)(\/|$)/;

export interface FrontendOptions {
  /** `SWIPE_WINDOW=always`: the page says so in a meta tag, which the client's top bar reads. */
  swipeWindowAlwaysOpen?: boolean;
}

export const SWIPE_WINDOW_ALWAYS_META = '<meta name="nocturne-swipe-window" content="always">';

/** Adds tags at the end of the page's head (the charset declaration stays first), or after the doctype. */
export function withHeadTags(html: string, tags: string): string {
  if (tags === '') return html;
  const headEnd = /<\/head\s*>/i.exec(html);
  if (headEnd) return html.slice(0, headEnd.index) + tags + html.slice(headEnd.index);
  const doctype = /<!doctype[^>]*>/i.exec(html);
  if (!doctype) return tags + html;
  const at = doctype.index + doctype[0].length;
  return html.slice(0, at) + tags + html.slice(at);
}

/**
 * Serves the built client: hashed files under /assets are immutable, everything else is revalidated,
 * and any other GET gets index.html (status 200) so the client's router draws the page, its own 404
 * page included.
 */
export function frontendRouter(frontendDir: string | undefined, options: FrontendOptions = {}): Router {
  const router = Router();
  const indexFile = frontendDir ? path.resolve(frontendDir, 'index.html') : undefined;
  const headTags = options.swipeWindowAlwaysOpen ? SWIPE_WINDOW_ALWAYS_META : '';

  const sendIndex = async (res: Response, next: NextFunction) => {
    if (!indexFile || !existsSync(indexFile)) {
      res.status(503).type('text/plain').send('The frontend is not built yet: run `npm run build`.');
      return;
    }
    try {
      // Read on every request: the file is small and a rebuild replaces it under a running server.
      const html = withHeadTags(await readFile(indexFile, 'utf8'), headTags);
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(html);
    } catch (error) {
      next(error);
    }
  };

  // The page itself always goes through sendIndex, never the static files, so it carries its tags.
  router.get('/index.html', (_req: Request, res: Response, next: NextFunction) => void sendIndex(res, next));
  if (frontendDir) {
    router.use(
      express.static(path.resolve(frontendDir), {
        index: false,
        fallthrough: true,
        setHeaders(res, filePath) {
          const relative = path.relative(path.resolve(frontendDir), filePath).split(path.sep).join('/');
          res.setHeader('Cache-Control', relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      }),
    );
  }
  router.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || serverPaths.test(req.path)) return next();
    // A missing hashed file is a stale page asking for an old build: HTML in its place would only hide that.
    if (req.path.startsWith('/assets/')) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    void sendIndex(res, next);
  });
  return router;
}
