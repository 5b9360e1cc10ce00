import path from 'node:path';
import type { Plugin } from 'vite';
import { screenModulesByPath, screenRequestsByPath } from '../src/routes.ts';

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
 * Writes dist/.vite/preloads.json: for each path of the route table (`src/routes.ts`; "*": any other
 * path), the script files its lazily loaded screens need that the page does not load already, then the
 * REST calls the app makes as it opens there. The build fails when a module the table names is not a
 * lazily loaded chunk, so the table cannot drift from the code.
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
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('The client build has no entry chunk');
      const inPage = closure(bundle, entry.fileName);
      const bySource = new Map<string, string>();
      for (const chunk of chunks) {
        if (chunk.isDynamicEntry && chunk.facadeModuleId) bySource.set(path.relative(root, chunk.facadeModuleId).split(path.sep).join('/'), chunk.fileName);
      }
      const filesOf = (source: string) => {
        const fileName = bySource.get(source);
        if (!fileName) this.error(`${source} is named in src/routes.ts but is not a lazily loaded screen`);
        return [...closure(bundle, fileName)].filter((file) => !inPage.has(file));
      };
      const preloads: Preloads = {};
      const requestsOf = (page: string) => screenRequestsByPath[page] ?? [];
      for (const [page, sources] of Object.entries(screenModulesByPath)) preloads[page] = [...[...new Set(sources.flatMap(filesOf))].sort(), ...requestsOf(page)];
      this.emitFile({ type: 'asset', fileName: PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}
