// `npm start`'s build: what the app needs to run, and nothing that only checks it. The server workspaces are
// transpiled file by file with swc (no type-checking: that is `npm run typecheck`'s and CI's), into the same
// dist/ layout `tsc -b` writes; the client is built only when its inputs changed since the last build.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformFile } from '@swc/core';
import { buildClientIfChanged } from '../../frontend/build/clientBuild.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const started = performance.now();

/** Every file under a folder, depth first, in a stable order. */
function filesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)]));
}

/** The workspaces `tsc -b tsconfig.build.json` builds, each with its source and output folders. */
function serverWorkspaces() {
  const { references } = JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8'));
  return references.map(({ path }) => {
    const config = JSON.parse(readFileSync(join(root, path, 'tsconfig.json'), 'utf8'));
    return { folder: join(root, path), src: join(root, path, config.compilerOptions.rootDir), dist: join(root, path, config.compilerOptions.outDir) };
  });
}

const compiledByTsc = (source) => /\.tsx?$/.test(source) && !/\.d\.ts$/.test(source) && !/\.test\.tsx?$/.test(source);

async function transpile({ src, dist }) {
  const sources = filesUnder(src).filter(compiledByTsc);
  let written = 0;
  await Promise.all(
    sources.map(async (source) => {
      const target = join(dist, relative(src, source)).replace(/\.tsx?$/, '.js');
      // Already there and newer than its source (an earlier run, or tsc -b): nothing to do.
      if (existsSync(target) && statSync(target).mtimeMs >= statSync(source).mtimeMs) return;
      const output = await transformFile(source, {
        sourceMaps: true,
        jsc: { parser: { syntax: 'typescript', tsx: source.endsWith('.tsx') }, target: 'es2022', keepClassNames: true },
        // As tsc with module Node16 writes a CommonJS file: require() for imports, import() kept for dynamic ones.
        module: { type: 'commonjs', ignoreDynamic: true, importInterop: 'swc' },
      });
      mkdirSync(dirname(target), { recursive: true });
      const map = `${target}.map`;
      writeFileSync(target, `${output.code}\n//# sourceMappingURL=${relative(dirname(target), map)}\n`);
      if (output.map) writeFileSync(map, output.map);
      written += 1;
    }),
  );
  return written;
}

let transpiled = 0;
for (const workspace of serverWorkspaces()) transpiled += await transpile(workspace);
const serverMs = performance.now() - started;

const client = buildClientIfChanged() ? 'built' : 'unchanged, not rebuilt';
process.stdout.write(`prepared in ${((performance.now() - started) / 1000).toFixed(1)} s: ${transpiled} server files transpiled (${(serverMs / 1000).toFixed(1)} s), client ${client}\n`);
