// The client's build, run only when its inputs changed since the last one (`npm run build`, `npm start`,
// the test commands): a digest of everything Vite reads is kept beside the output. `npm run build -w
// frontend` builds unconditionally.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const frontend = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(frontend, '..');
const stamp = join(frontend, 'dist', '.inputs-sha256');

/** Every file under a folder, depth first, in a stable order. */
function filesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)]));
}

/** A digest of everything the client build reads: its sources, its configuration and the shared contracts. */
function clientInputsDigest() {
  const hash = createHash('sha256');
  const inputs = [
    ...['src', 'public', 'build'].flatMap((folder) => filesUnder(join(frontend, folder))),
    ...['index.html', 'package.json', 'vite.config.mts', 'tsconfig.json'].map((file) => join(frontend, file)),
    ...filesUnder(join(root, 'packages', 'contracts', 'src')),
    join(root, 'package-lock.json'),
  ].filter((file) => existsSync(file));
  for (const file of inputs) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** The client's own Vite (its workspace's, or the one hoisted to the root). */
function viteCli() {
  return join(dirname(createRequire(join(frontend, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
}

/** Builds the client unless the last build had the same inputs; answers whether it built. */
export function buildClientIfChanged({ logLevel = 'warn' } = {}) {
  const digest = clientInputsDigest();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest && existsSync(join(frontend, 'dist', 'index.html'))) return false;
  const build = spawnSync(process.execPath, [viteCli(), 'build', '--logLevel', logLevel], { cwd: frontend, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, digest);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const built = buildClientIfChanged({ logLevel: 'info' });
  process.stdout.write(built ? `client built in ${((performance.now() - started) / 1000).toFixed(1)} s\n` : 'client unchanged since its last build, not rebuilt\n');
}
