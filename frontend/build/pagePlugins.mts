import path from 'node:path';
import type { Plugin } from 'vite';
import screenModulesByPath from '../src/screenPaths.json' with { type: 'json' };
import screenRequestsByPath from '../src/screenRequests.json' with { type: 'json' };

/** Where the build writes, per path, the files of the screens it renders: read by the gateway. */
export const PRELOADS_FILE = '.vite/preloads.json';

/** Per path, the scripts (assets/…) and REST calls (/api/…) the page names for the browser to fetch with the app. */
export type Preloads = Record<string, string[]>;

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
}

/** A chunk and the chunks it imports statically, transitively. */
function closure(bundle: Record<string, ChunkLike>, fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  for (const imported of bundle[fileName]?.imports ?? []) closure(bundle, imported, into);
  return into;
}

/**
 * Writes dist/.vite/preloads.json: for each path of `src/screenPaths.json` ("*": any other path), the
 * script files its lazily loaded screens need that the page does not load already, then the REST calls
 * `src/screenRequests.json` names for it. The build fails when a listed module is not a lazily loaded
 * chunk, or a path of the calls is not a path of the screens, so the tables cannot drift from the code.
 */
export function screenPreloadsPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'nocturne:screen-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, output) {
      const bundle = output as unknown as Record<string, ChunkLike>;
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('index.html'));
      if (!entry) this.error('The client build has no entry chunk for index.html');
      const inPage = closure(bundle, entry.fileName);
      const bySource = new Map<string, string>();
      for (const chunk of chunks) {
        if (chunk.isDynamicEntry && chunk.facadeModuleId) bySource.set(path.relative(root, chunk.facadeModuleId).split(path.sep).join('/'), chunk.fileName);
      }
      const filesOf = (source: string) => {
        const fileName = bySource.get(source);
        if (!fileName) this.error(`${source} is listed in src/screenPaths.json but is not a lazily loaded screen`);
        return [...closure(bundle, fileName)].filter((file) => !inPage.has(file));
      };
      const preloads: Preloads = {};
      const requestsOf = (page: string) => (screenRequestsByPath as Record<string, string[]>)[page] ?? [];
      for (const page of Object.keys(screenRequestsByPath)) {
        if (!Object.hasOwn(screenModulesByPath, page)) this.error(`${page} is listed in src/screenRequests.json but not in src/screenPaths.json`);
      }
      for (const [page, sources] of Object.entries(screenModulesByPath as Record<string, string[]>)) preloads[page] = [...[...new Set(sources.flatMap(filesOf))].sort(), ...requestsOf(page)];
      this.emitFile({ type: 'asset', fileName: PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}

/**
 * Puts the page's own small stylesheet (the @font-face rules) into the page as a <style> element: one
 * render-blocking request less before the first paint. The gateway's CSP allows inline styles.
 */
export function inlinePageCssPlugin(maxBytes = 4096): Plugin {
  return {
    name: 'nocturne:inline-page-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g, (link, file: string) => {
          const asset = bundle[file];
          if (!asset || asset.type !== 'asset') return link;
          const css = typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
          return css.length <= maxBytes ? `<style>${css.trim()}</style>` : link;
        });
      },
    },
  };
}

/** The name of the page's first script's entry (`src/early/main.ts`) in the build's input. */
export const EARLY_ENTRY = 'early';

/**
 * Names the page's first script (`src/early/main.ts`, an entry of its own) in the page, `async` and ahead
 * of the app's entry: it runs as soon as it arrives, not after every module of the app. (A second module
 * script written into index.html would be merged by the bundler into the app's entry.) The build fails
 * when the script imports anything: a second file would be one more round trip before it can run.
 */
export function earlyScriptPlugin(): Plugin {
  return {
    name: 'nocturne:early-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const early = Object.values(context.bundle ?? {}).find((item) => item.type === 'chunk' && item.isEntry && item.name === EARLY_ENTRY);
        if (!early || early.type !== 'chunk') throw new Error(`The client build has no ${EARLY_ENTRY} entry (src/early/main.ts)`);
        if (early.imports.length > 0 || early.dynamicImports.length > 0) throw new Error(`${early.fileName} imports ${[...early.imports, ...early.dynamicImports].join(', ')}: the page's first script must be one file`);
        const tag = `<script type="module" async crossorigin src="/${early.fileName}"></script>`;
        const firstScript = html.indexOf('<script');
        return firstScript === -1 ? html.replace('</head>', `${tag}\n</head>`) : `${html.slice(0, firstScript)}${tag}\n    ${html.slice(firstScript)}`;
      },
    },
  };
}
