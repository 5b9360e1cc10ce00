import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import { InProcessKeyValueStore } from '@nocturne/platform/inprocess';
import { createGateway } from './gateway';
import { authSubgraphSdl } from './testing/authSubgraphSdl';
import { createFakeAuthSubgraph } from './testing/fakeAuthSubgraph';

const secret = 'a-test-secret-of-enough-length';
const supergraphSdl = composeServices([{ name: 'auth', url: 'http://127.0.0.1:4001/graphql', typeDefs: parse(authSubgraphSdl) }]).supergraphSdl!;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes on the wire, still encoded. */
  raw: Buffer;
  /** The body decoded as the Content-Encoding says. */
  text: string;
}

/** A plain HTTP request that leaves the body as sent, so the test sees what travels on the wire. */
function fetchRaw(base: string, urlPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // The path goes out exactly as written: a URL object would resolve %2e%2e segments first.
    const { hostname, port } = new URL(base);
    const req = httpRequest({ hostname, port, path: urlPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded = raw.length === 0 ? raw : encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: decoded.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function startGateway(frontendDir: string, swipeWindowAlwaysOpen = false) {
  const fake = createFakeAuthSubgraph(secret);
  const subgraphUrl = (await fake.server.start()).url;
  const gateway = createGateway({
    supergraphSdl,
    subgraphUrls: { auth: subgraphUrl },
    internalSecret: secret,
    sessions: fake.sessions,
    sharedStore: new InProcessKeyValueStore(),
    frontendDir,
    host: '127.0.0.1',
    restRoutes: [],
    proxiedPrefixes: [],
    swipeWindowAlwaysOpen,
  });
  const { url } = await gateway.start(0);
  return { url, stop: async () => (await gateway.stop(), await fake.server.stop()) };
}

describe('the gateway serving a client build', () => {
  const script = `console.log(${JSON.stringify('the night is young '.repeat(200))});`;
  let base: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nocturne-frontend-'));
    mkdirSync(path.join(dir, 'assets'));
    mkdirSync(path.join(dir, 'icons'));
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head><meta charset="UTF-8"><title>Nocturne</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`);
    // What the client build writes: a hashed script with its brotli and gzip copies (frontend/build/compress.ts).
    writeFileSync(path.join(dir, 'assets', 'app-1a2b3c.js'), script);
    writeFileSync(path.join(dir, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dir, 'assets', 'app-1a2b3c.js.gz'), gzipSync(script));
    writeFileSync(path.join(dir, 'assets', 'tiny-9f8e7d.js'), 'export{}');
    writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Nocturne"}');
    writeFileSync(path.join(dir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, '.vite', 'preloads.json'), JSON.stringify({ '/': [], '/signin': ['assets/SignIn-aa11.js', 'assets/forms-bb22.js'], '/swipe-deck': ['assets/Deck-dd44.js', '/api/auth/user', '/api/profiles?limit=20&restart=false', 'https://elsewhere.example/api/x', '/api/../graphql', '//elsewhere.example/api'], '*': ['assets/NotFound-cc33.js'] }));
    ({ url: base, stop } = await startGateway(dir));
  });

  afterAll(async () => {
    await stop();
  });

  it('sends the brotli copy of a script to a browser that accepts it, the gzip copy otherwise', async () => {
    const br = await fetchRaw(base, '/assets/app-1a2b3c.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.raw.length);
    expect(br.raw.length).toBeLessThan(script.length / 5);
    expect(br.text).toBe(script);

    const gz = await fetchRaw(base, '/assets/app-1a2b3c.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(script);
    expect(gz.headers.etag).not.toBe(br.headers.etag);

    const refusesBrotli = await fetchRaw(base, '/assets/app-1a2b3c.js', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(refusesBrotli.headers['content-encoding']).toBe('gzip');
  });

  it('sends the file as it is, still varying by Accept-Encoding, to a client that accepts no compression', async () => {
    const plain = await fetchRaw(base, '/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(plain.raw.toString('utf8')).toBe(script);

    const identityOnly = await fetchRaw(base, '/assets/app-1a2b3c.js', { 'Accept-Encoding': 'identity' });
    expect(identityOnly.headers['content-encoding']).toBeUndefined();

    const tiny = await fetchRaw(base, '/assets/tiny-9f8e7d.js', { 'Accept-Encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.text).toBe('export{}');
  });

  it('answers a revalidation of a compressed copy with 304 and HEAD without a body', async () => {
    const first = await fetchRaw(base, '/assets/app-1a2b3c.js', { 'Accept-Encoding': 'br' });
    const again = await fetchRaw(base, '/assets/app-1a2b3c.js', { 'Accept-Encoding': 'br', 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    const head = await fetchRaw(base, '/assets/app-1a2b3c.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.raw.length).toBe(0);
  });

  it('compresses the page itself and never lets it be cached without revalidation', async () => {
    const page = await fetchRaw(base, '/swipe-deck', { 'Accept-Encoding': 'gzip, br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toMatch(/Accept-Encoding/);
    expect(page.text).toContain('<div id="root">');

    const plain = await fetchRaw(base, '/swipe-deck');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.toString('utf8')).toBe(page.text);
    const revalidated = await fetchRaw(base, '/swipe-deck', { 'If-None-Match': String(plain.headers.etag) });
    expect(revalidated.status).toBe(304);
  });

  it("names the scripts of the requested screen in its page, so they download with the app's own", async () => {
    const signIn = (await fetchRaw(base, '/signin', { 'Accept-Encoding': 'br' })).text;
    expect(signIn).toContain('<link rel="modulepreload" crossorigin href="/assets/SignIn-aa11.js"><link rel="modulepreload" crossorigin href="/assets/forms-bb22.js"></head>');
    expect((await fetchRaw(base, '/signin/')).text).toBe(signIn);
    const landing = (await fetchRaw(base, '/')).text;
    expect(landing).not.toContain('modulepreload');
    expect((await fetchRaw(base, '/index.html')).text).toBe(landing);
    const unknown = (await fetchRaw(base, '/no/such/page', { 'Accept-Encoding': 'gzip' })).text;
    expect(unknown).toContain('<link rel="modulepreload" crossorigin href="/assets/NotFound-cc33.js">');
    expect(unknown).not.toContain('SignIn-aa11');
  });

  it("names the REST calls a screen makes first as fetch preloads with the person's cookies, and never another origin's", async () => {
    const deck = (await fetchRaw(base, '/swipe-deck')).text;
    expect(deck).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/Deck-dd44.js">' +
        '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/user">' +
        '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/profiles?limit=20&amp;restart=false"></head>',
    );
    expect(deck).not.toMatch(/elsewhere|\.\.\/graphql/);
    expect((await fetchRaw(base, '/signin')).text).not.toContain('rel="preload"');
  });

  it('serves robots.txt, the manifest and the icons as files, revalidated', async () => {
    const robots = await fetchRaw(base, '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.text).toBe('User-agent: *\nAllow: /\n');
    expect(robots.headers['cache-control']).toBe('no-cache');

    const manifest = await fetchRaw(base, '/manifest.webmanifest');
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const icon = await fetchRaw(base, '/icons/icon-192.png');
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it.each(['/assets/missing-123.js', '/favicon.ico', '/wp-login.php', '/.env', '/.git/config', '/icons/missing.png', '/assets/app-1a2b3c.js.map'])(
    'answers 404, not the app page, for the file %s that the build does not have',
    async (missing) => {
      const res = await fetchRaw(base, missing);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).not.toContain('<div id="root">');
    },
  );

  it('still gives screen paths, query strings included, the app page', async () => {
    for (const screen of ['/', '/signin', '/reset-password?token=abc.def', '/no/such/page']) {
      const res = await fetchRaw(base, screen);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root">');
    }
  });

  it('refuses paths that climb out of the build, however they are encoded', async () => {
    for (const attempt of ['/assets/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/etc/passwd', '/assets/%2e%2e%5cindex.html', '/%2e%2e%5c%2e%2e%5cpackage.json', '/%E0%A4%A']) {
      const res = await fetchRaw(base, attempt, { 'Accept-Encoding': 'br' });
      expect({ attempt, status: [400, 403, 404].includes(res.status) }).toEqual({ attempt, status: true });
      expect(res.text).not.toContain('"workspaces"');
      expect(res.text).not.toContain('root:');
    }
  });
});

// The real client build (npm run test:int builds it first): what a browser and a crawler get.
const builtClient = path.resolve(__dirname, '../../frontend/dist');

describe('the gateway serving the real client build', () => {
  let base: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    if (!existsSync(path.join(builtClient, 'index.html'))) throw new Error(`${builtClient} is missing: run npm run build first`);
    ({ url: base, stop } = await startGateway(builtClient, true));
  });

  afterAll(async () => {
    await stop();
  });

  it('sends every script and stylesheet of the page compressed with brotli', async () => {
    const page = await fetchRaw(base, '/', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(page.text).toContain('<meta name="nocturne-swipe-window" content="always">');
    const assets = [...page.text.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const res = await fetchRaw(base, asset, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(res.status).toBe(200);
      // Files under 1 kB are not worth a compressed copy.
      if (res.text.length >= 1024) expect({ asset, encoding: res.headers['content-encoding'] }).toEqual({ asset, encoding: 'br' });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('describes the app to search engines and to phones that add it to their home screen', async () => {
    const page = (await fetchRaw(base, '/')).text;
    expect(page).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(page).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');

    const robots = await fetchRaw(base, '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.text).toMatch(/^User-agent: \*$/m);
    expect(robots.text).toMatch(/^Disallow: \/api\/$/m);

    const manifest = JSON.parse((await fetchRaw(base, '/manifest.webmanifest', { 'Accept-Encoding': 'br' })).text) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Nocturne', start_url: '/', display: 'standalone' });
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512')).toBe(true);
    for (const icon of manifest.icons) {
      const res = await fetchRaw(base, icon.src);
      expect({ icon: icon.src, status: res.status }).toEqual({ icon: icon.src, status: 200 });
      if (icon.src.endsWith('.png')) {
        expect(res.raw.subarray(1, 4).toString('ascii')).toBe('PNG');
        const [width, height] = [res.raw.readUInt32BE(16), res.raw.readUInt32BE(20)];
        expect(`${width}x${height}`).toBe(icon.sizes);
      }
    }
  });

  it('names the sign-in screen\'s own chunk in the sign-in page', async () => {
    const page = (await fetchRaw(base, '/signin')).text;
    expect(page).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/SignInPage-[\w-]+\.js">/);
    expect((await fetchRaw(base, '/')).text).not.toMatch(/SignInPage-/);
  });

  it('keeps build metadata to itself', async () => {
    expect((await fetchRaw(base, '/.vite/manifest.json')).status).toBe(404);
    expect((await fetchRaw(base, '/.vite/preloads.json')).status).toBe(404);
    expect(readFileSync(path.join(builtClient, '.vite', 'manifest.json'), 'utf8')).toContain('index.html');
  });
});
