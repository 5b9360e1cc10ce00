import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/** Paths the client-side router never owns. */
const serverPaths = /^\/(api|graphql|healthz|readyz)(\/|$)/;

/**
 * Serves the built client: hashed files under /assets are immutable, everything else is revalidated,
 * and any other GET gets index.html (status 200) so the client's router draws the page, its own 404
 * page included.
 */
export function frontendRouter(frontendDir: string | undefined): Router {
  const router = Router();
  const indexFile = frontendDir ? path.resolve(frontendDir, 'index.html') : undefined;
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
    if (!indexFile || !existsSync(indexFile)) {
      res.status(503).type('text/plain').send('The frontend is not built yet: run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}
