// Runs test commands as child processes, each line of their output prefixed with the command's name, so
// that several can run at once and still be read; used by tests/runIntegration.mjs and tests/runAll.mjs.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// The failures a run printed (a jest failure's title and its first lines, a browser test's ✘ line), kept to be
// printed again at the very end: a CI log is often read from its tail only.
const failures = new Map();
const failureLines = 8;
/** The failure whose lines are being kept, by output stream: runs (and the runs inside them) print at once. */
const open = new Map();
function noteFailure(name, line) {
  const [prefixes] = /^(\[[\w-]+\] )*/.exec(line);
  const stream = `${name} ${prefixes}`;
  const text = line.slice(prefixes.length);
  const title = /^\s*● (?!Console)(.+)$/.exec(text)?.[1] ?? /^\s*✘\s+\d+ (.+?)(?: \(\d.*\))?$/.exec(text)?.[1];
  if (title) {
    const lines = failures.has(title) || failures.size >= 20 ? null : [];
    if (lines) failures.set(title, lines);
    open.set(stream, lines);
  } else if (/^\s*● Console/.test(text)) open.delete(stream);
  else {
    const lines = open.get(stream);
    if (lines && lines.length < failureLines && text.trim()) lines.push(text.trimEnd());
  }
}

/** Runs `command` with `args` in the repository; answers its name, whether it passed, its status and time. */
export function run(name, command, args, { env = process.env } = {}) {
  const started = performance.now();
  process.stdout.write(`[${name}] started: ${[command, ...args].join(' ')}\n`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          process.stdout.write(`[${name}] ${line}\n`);
          noteFailure(name, line);
        }
      });
      stream.on('end', () => pending && process.stdout.write(`[${name}] ${pending}\n`));
    }
    const finish = (ok, code) => {
      const result = { name, ok, code, seconds: Math.round((performance.now() - started) / 1000) };
      process.stdout.write(`[${name}] ${ok ? 'passed' : `failed (${code})`} in ${result.seconds} s\n`);
      resolve(result);
    };
    child.on('error', (error) => finish(false, error.message));
    child.on('close', (code, signal) => finish(code === 0, code ?? signal));
  });
}

/** Prints the failures seen (again), then one line per result, and exits 0 only if every one passed. */
export function report(results) {
  if (failures.size) {
    process.stdout.write(`\n${failures.size} failure(s), as printed above:\n`);
    for (const [title, lines] of failures) process.stdout.write(`✘ ${title}\n${lines.map((l) => `    ${l.trim()}\n`).join('')}`);
  }
  process.stdout.write(`\n${results.map((r) => `${r.name}: ${r.ok ? 'passed' : `failed (${r.code})`} in ${r.seconds} s`).join('; ')}\n`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}

/** Prints the end of every failed browser test's journal under `dir` (the files e2e/tests/fixtures.ts writes). */
export function printJournals(dir, { lines = 60 } = {}) {
  if (!existsSync(dir)) return;
  const journals = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('journal.txt'));
  for (const file of journals) {
    const [title, ...entries] = readFileSync(join(dir, file), 'utf8').trimEnd().split('\n');
    process.stdout.write(`\n[journal] ${title}\n${entries.slice(-lines).map((line) => `[journal] ${line}`).join('\n')}\n`);
  }
}
