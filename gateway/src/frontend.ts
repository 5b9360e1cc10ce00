import { existsSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import express, { Router, type Request, type Response, type NextFunction } from 'express';

/** Paths the client-side router never owns. */
const serverPaths = /^\/(api|graphql|healthz|readyz)(\/|$)/;

/** Text formats the client build pre-compresses (frontend/build/compress.ts); other files go as they are. */
const compressible = /\.(js|mjs|css|svg|json|webmanifest|txt|xml)$/;

/**
 * A path that names a file rather than a screen: a dot segment (`/.env`) or a last segment with an
 * extension (`/robots.txt`, `/wp-login.php`). The client's routes have neither, so when no such file was
 * built the answer is a 404, not the app's page.
 */
const fileLikePath = /(^|\/)\.|\.[A-Za-z0-9]{1,12}$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface FrontendOptions {
  /** `SWIPE_WINDOW=always`: the page says so in a meta tag, which the client's screens read. */
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

export type ContentEncoding = 'br' | 'gzip';

/** The best encoding of those a file has that the request accepts: brotli first (smaller), then gzip. */
export function chooseEncoding(req: Request, available: readonly ContentEncoding[]): ContentEncoding | undefined {
  // Asked one at a time: given a list, `accepts` prefers the client's order, and browsers name gzip first.
  return (['br', 'gzip'] as const).find((encoding) => available.includes(encoding) && req.acceptsEncodings(encoding) === encoding);
}

function safelyDecoded(requestPath: string): string | undefined {
  try {
    return decodeURIComponent(requestPath);
  } catch {
    return undefined;
  }
}

/** The file under `root` that a request path names, if the path is a plain one (no dot segments, no NUL). */
function fileFor(root: string, requestPath: string): string | undefined {
  const decoded = safelyDecoded(requestPath);
  if (decoded === undefined || decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').some((segment) => segment.startsWith('.'))) return undefined;
  const file = path.join(root, decoded);
  return file.startsWith(root + path.sep) ? file : undefined;
}

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

interface CompressedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Per path, the script files of the screen it draws and the REST calls it makes first (the client
 * build's dist/.vite/preloads.json, "*" for any other path). Named in the page as modulepreload and
 * fetch preload links, they download alongside the app instead of after it has started and asked for
 * them. A fetch preload is sent with the person's cookies, as the app's own calls are (credentials
 * "include"), so the browser hands its answer to the app's call; anything but an own /api/ path is never
 * named.
 */
export type ScreenPreloads = Record<string, string[]>;

const PRELOADS_FILE = path.join('.vite', 'preloads.json');

export function preloadTagsFor(preloads: ScreenPreloads, requestPath: string): string {
  const normalised = requestPath.length > 1 ? requestPath.replace(/\/+$/, '') : requestPath;
  const files = (Object.hasOwn(preloads, normalised) ? preloads[normalised] : preloads['*']) ?? [];
  const scripts = files.filter((file) => /^assets\/[\w.-]+\.js$/.test(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const calls = files
    .filter((call) => /^\/api\/[\w/-]+(\?[\w=&-]*)?$/.test(call))
    .map((call) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${call.replaceAll('&', '&amp;')}">`);
  return [...scripts, ...calls].join('');
}

/**
 * Serves the built client: hashed files under /assets are immutable, everything else is revalidated.
 * Text files go out as the build's brotli or gzip copies when the browser accepts them (with
 * `Vary: Accept-Encoding`). Any other GET of a screen path gets index.html (status 200) naming the
 * screen's scripts, so the client's router draws the page, its own 404 page included; a file-like path
 * that names no built file is a 404.
 */
export function frontendRouter(frontendDir: string | undefined, options: FrontendOptions = {}): Router {
  const router = Router();
  const root = frontendDir ? path.resolve(frontendDir) : undefined;
  const indexFile = root ? path.join(root, 'index.html') : undefined;
  const headTags = options.swipeWindowAlwaysOpen ? SWIPE_WINDOW_ALWAYS_META : '';
  // One compressed page per set of preloads, kept while neither index.html nor the preloads change
  // (a rebuild under a running server replaces both).
  let cache: { version: string; html: string; preloads: ScreenPreloads; pages: Map<string, CompressedPage> } | undefined;

  const versionOf = async (file: string) => {
    const info = await stat(file).catch(() => undefined);
    return info ? `${info.mtimeMs}:${info.size}` : 'none';
  };

  const loadPage = async (file: string, requestPath: string): Promise<CompressedPage> => {
    const preloadsFile = path.join(path.dirname(file), PRELOADS_FILE);
    const version = `${await versionOf(file)}|${await versionOf(preloadsFile)}`;
    if (cache?.version !== version) {
      const preloads = existsSync(preloadsFile) ? (JSON.parse(await readFile(preloadsFile, 'utf8')) as ScreenPreloads) : {};
      cache = { version, html: await readFile(file, 'utf8'), preloads, pages: new Map() };
    }
    const current = cache;
    const tags = `${headTags}${preloadTagsFor(current.preloads, requestPath)}`;
    const known = current.pages.get(tags);
    if (known) return known;
    const identity = Buffer.from(withHeadTags(current.html, tags));
    const [br, gz] = await Promise.all([brotli(identity), gzipAsync(identity, { level: constants.Z_BEST_COMPRESSION })]);
    const page = { identity, br, gzip: gz };
    current.pages.set(tags, page);
    return page;
  };

  const sendIndex = async (req: Request, res: Response, next: NextFunction) => {
    if (!indexFile || !existsSync(indexFile)) {
      res.status(503).type('text/plain').send('The frontend is not built yet: run `npm run build`.');
      return;
    }
    try {
      const current = await loadPage(indexFile, req.path === '/index.html' ? '/' : req.path);
      const encoding = chooseEncoding(req, ['br', 'gzip']);
      res.setHeader('Cache-Control', 'no-cache');
      res.vary('Accept-Encoding');
      if (encoding) res.setHeader('Content-Encoding', encoding);
      // send() adds the ETag of these bytes and answers 304 to a matching If-None-Match.
      res.type('html').send(encoding ? current[encoding] : current.identity);
    } catch (error) {
      next(error);
    }
  };

  // The page itself always goes through sendIndex, never the static files, so it carries its tags.
  router.get('/index.html', (req: Request, res: Response, next: NextFunction) => void sendIndex(req, res, next));
  if (root) {
    // Points the static handler at a pre-compressed copy the browser accepts; the headers say what it is.
    router.use((req: Request, res: Response, next: NextFunction) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !compressible.test(req.path)) return next();
      const file = fileFor(root, req.path);
      if (!file || !isFile(file)) return next();
      res.vary('Accept-Encoding');
      const available = (['br', 'gzip'] as const).filter((encoding) => isFile(`${file}.${encoding === 'br' ? 'br' : 'gz'}`));
      const encoding = chooseEncoding(req, available);
      if (!encoding) return next();
      const query = req.url.indexOf('?');
      const suffix = encoding === 'br' ? '.br' : '.gz';
      req.url = query === -1 ? `${req.url}${suffix}` : `${req.url.slice(0, query)}${suffix}${req.url.slice(query)}`;
      res.locals.precompressed = { encoding, extension: path.extname(file) };
      next();
    });
    router.use(
      express.static(root, {
        index: false,
        fallthrough: true,
        setHeaders(res, filePath) {
          const precompressed = (res as Response).locals.precompressed as { encoding: ContentEncoding; extension: string } | undefined;
          if (precompressed) {
            // The type of the original file: the static handler only keeps a Content-Type already set.
            res.setHeader('Content-Encoding', precompressed.encoding);
            (res as Response).type(precompressed.extension);
          }
          const relative = path.relative(root, filePath).split(path.sep).join('/');
          res.setHeader('Cache-Control', relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      }),
    );
  }
  router.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || serverPaths.test(req.path)) return next();
    // A missing hashed file is a stale page asking for an old build, and robots.txt or favicon.ico asked
    // for by a crawler is no screen: HTML in their place would only hide that. Judged on the decoded
    // path, so that %2e%2e or %2f do not pass for a screen.
    const decoded = safelyDecoded(req.path);
    if (decoded === undefined || decoded.startsWith('/assets/') || fileLikePath.test(decoded) || decoded.includes('\\')) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    void sendIndex(req, res, next);
  });
  return router;
}
