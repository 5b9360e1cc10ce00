import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { services } from './services';

// The registry is the one list of services; these checks catch a service folder that was added
// without the few places that cannot read the list at run time.
const root = path.resolve(__dirname, '../..');
const folders = readdirSync(path.join(root, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('the service registry', () => {
  it('lists every service folder once, with its own port', () => {
    expect(services.map((service) => service.name).sort()).toEqual(folders);
    expect(new Set(services.map((service) => service.defaultPort)).size).toBe(services.length);
  });

  it('is built by the TypeScript build and depended on by the stack', () => {
    const build = JSON.parse(readFileSync(path.join(root, 'tsconfig.build.json'), 'utf8')) as { references: Array<{ path: string }> };
    const stackPackage = JSON.parse(readFileSync(path.join(root, 'stack/package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const name of folders) {
      expect(build.references.map((reference) => reference.path)).toContain(`services/${name}`);
      expect(Object.keys(stackPackage.dependencies)).toContain(`@nocturne/${name}`);
    }
  });

  it('runs every service in docker-compose, and the gateway knows where each is', () => {
    const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    for (const name of folders) {
      expect(compose).toContain(`NOCTURNE_ENTRY: services/${name}/dist/main.js`);
      expect(compose).toMatch(new RegExp(`${name.toUpperCase()}_URL: http://${name}:\\d+/graphql`));
    }
  });
});
