import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
  brotli: number;
}

export interface InitialLoad {
  /** What the measured screen loads before it can draw: the entry's static graph and the screen's own. */
  files: FileSize[];
  js: { bytes: number; gzip: number; brotli: number };
  css: { bytes: number; gzip: number; brotli: number };
}

export const MANIFEST = path.join('.vite', 'manifest.json');

export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, MANIFEST);
  if (!existsSync(file)) throw new Error(`${file} is missing: build the client first (npm run build)`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

export function sizeOf(distDir: string, file: string): FileSize {
  const content = readFileSync(path.join(distDir, file));
  return {
    file,
    bytes: content.length,
    gzip: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length,
    brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length,
  };
}

/** The manifest keys loaded with `start` before it runs: its static imports, transitively (not its dynamic ones). */
export function staticGraph(manifest: Manifest, start: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(start);
  return [...seen];
}

/** The scripts and stylesheets the built index.html itself references. */
export function assetsNamedByPage(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/?([^"]+\.(?:js|css))"/g)) found.add(match[1]!);
  return [...found];
}

/**
 * The JavaScript and CSS a screen needs before it draws: what index.html loads (the entry and its static
 * imports) plus, for a lazily loaded screen, its chunk and that chunk's static imports (the app starts
 * them at once for the address it opened on). `screenSource` is the screen module's path in frontend/
 * (src/features/account/SignInPage.tsx); omit it for a screen bundled into the entry (the landing page).
 */
export function initialLoad(distDir: string, screenSources: readonly string[] = []): InitialLoad {
  const manifest = readManifest(distDir);
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('The build manifest has no index.html entry');
  const keys = new Set(staticGraph(manifest, entry));
  for (const source of screenSources) {
    if (!manifest[source]) throw new Error(`The build manifest has no chunk for ${source}: is it still a lazily loaded screen?`);
    for (const key of staticGraph(manifest, source)) keys.add(key);
  }
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  // Anything the page names itself (a plugin's script, say) counts as well.
  for (const file of assetsNamedByPage(readFileSync(path.join(distDir, 'index.html'), 'utf8'))) files.add(file);

  const sizes = [...files].sort().map((file) => sizeOf(distDir, file));
  const total = (ext: string) => {
    const of = sizes.filter((s) => s.file.endsWith(ext));
    return { bytes: sum(of.map((s) => s.bytes)), gzip: sum(of.map((s) => s.gzip)), brotli: sum(of.map((s) => s.brotli)) };
  };
  return { files: sizes, js: total('.js'), css: total('.css') };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
