import { spawn } from 'node:child_process';
import path from 'node:path';

const e2eDir = path.resolve(__dirname, '..');

/** Runs the browser tests as `npm test -w e2e` does, with the environment given. */
function runBrowserTests(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['playwright', 'test', '--reporter=line', '--grep', 'unknown paths show the 404 page'], {
      cwd: e2eDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output, seconds: (Date.now() - started) / 1000 }));
  });
}

describe('the browser tests on a machine without the browser', () => {
  it('stop at once with the command to run, before starting the app or any test', async () => {
    const run = await runBrowserTests({ CHROMIUM_PATH: path.join(e2eDir, 'no-such-chromium'), E2E_PORT: '8499' });
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('is not an executable browser');
    expect(run.output).toContain('apt-get install -y chromium');
    expect(run.output).not.toMatch(/executable doesn't exist/i);
    expect(run.output).not.toMatch(/\d+ (passed|failed)/);
    expect(run.seconds).toBeLessThan(20);
  }, 120_000);
});
