import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * `npm run dev`: the stack restarts when a service's compiled code changes, the TypeScript compiler keeps
 * compiling on every save, and the client is served by Vite with hot reload, proxying /api and /graphql to
 * the stack. Each process's lines carry its name; Ctrl-C (or any of them ending) stops all three.
 */
const root = join(__dirname, '..', '..');
const resolve = createRequire(__filename).resolve;
const port = process.env.PORT ?? '8080';
const clientPort = process.env.CLIENT_PORT ?? '5173';
const colour = process.stdout.isTTY && process.env.NO_COLOR === undefined;

const children: ChildProcess[] = [];

/** The folders of a workspace group that have compiled output (services/auth, packages/platform...). */
function workspaces(group: string): string[] {
  return readdirSync(join(root, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, group, entry.name, 'dist')))
    .map((entry) => join(group, entry.name));
}
let stopping = false;

function run(name: string, code: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): void {
  const child = spawn(process.execPath, args, { cwd: options.cwd ?? root, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const tag = colour ? `\u001b[${code}m[${name}]\u001b[0m` : `[${name}]`;
  for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${tag} ${line}\n`));
  child.on('exit', (status, signal) => {
    if (stopping) return;
    process.stdout.write(`${tag} ended (${signal ?? `exit ${status}`}): stopping the others\n`);
    stop(status ?? 1);
  });
  children.push(child);
}

function stop(status: number): void {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = status;
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const tsc = resolve('typescript/bin/tsc');
const vite = join(dirname(resolve('vite/package.json', { paths: [join(root, 'frontend')] })), 'bin', 'vite.js');

// The first compile happened before this (npm run dev builds first): the watcher only recompiles changes.
run('tsc', '36', [tsc, '-b', 'tsconfig.build.json', '--watch', '--preserveWatchOutput']);
// The launcher runs the stack in a child of its own, so it watches the compiled output of every part
// rather than its own imports. Readable log lines although the output is a pipe: this terminal reads them.
const compiled = ['stack', 'gateway', ...workspaces('services'), ...workspaces('packages')].map((folder) => `--watch-path=${join(folder, 'dist')}`);
run('stack', '35', [...compiled, 'stack/dist/main.js'], { env: { PORT: port, LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty' } });
run('client', '32', [vite, '--port', clientPort, '--strictPort'], { cwd: join(root, 'frontend'), env: { GATEWAY_URL: `http://127.0.0.1:${port}` } });
process.stdout.write(`Nocturne in development: open http://localhost:${clientPort} (the client with hot reload; the stack answers on ${port})\n`);
