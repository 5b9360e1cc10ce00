import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; fonts and images are compressed formats already. */
export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than its headers cost. */
export const MIN_BYTES = 1024;

export interface CompressedFile {
  file: string;
  bytes: number;
  brotli?: number;
  gzip?: number;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // Dot folders (.vite: the manifest) are build metadata, never served.
    if (entry.isDirectory() && !entry.name.startsWith('.')) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every compressible file
 * of `dir`, so the gateway serves them as they are instead of compressing on every request. A copy that
 * would not be smaller is not written. index.html is left alone: the gateway adds tags to it per process.
 */
export async function precompress(dir: string): Promise<CompressedFile[]> {
  const done: CompressedFile[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || path.relative(dir, file) === 'index.html') continue;
    if ((await stat(file)).size < MIN_BYTES) continue;
    const content = await readFile(file);
    const result: CompressedFile = { file: path.relative(dir, file), bytes: content.length };
    const br = await brotli(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    if (br.length < content.length) {
      await writeFile(`${file}.br`, br);
      result.brotli = br.length;
    }
    const gz = await gzipAsync(content, { level: constants.Z_BEST_COMPRESSION });
    if (gz.length < content.length) {
      await writeFile(`${file}.gz`, gz);
      result.gzip = gz.length;
    }
    done.push(result);
  }
  return done;
}

/** Vite plugin: pre-compresses the client build once it is written. */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'nocturne:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await precompress(outDir);
      this.info(`pre-compressed ${files.length} files (brotli and gzip)`);
    },
  };
}
