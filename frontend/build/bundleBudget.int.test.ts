import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { screenModulesFor } from '../src/routes';
import { initialLoad, kB, type InitialLoad } from './bundleSize';

// The built client: `npm run test:int` builds it first.
const dist = path.resolve(__dirname, '../dist');

/** The landing page's JavaScript before it draws, gzip as served (issue 11: 120 kB at most). */
export const LANDING_JS_BUDGET_GZIP = 120_000;

/** Only the screens that speak GraphQL load its client; the WebSocket client waits for a subscription. */
const graphqlLibraries = ['@apollo/client', 'graphql', 'graphql-ws'];
/** The form machines and input rules: screens with a form. */
const formLibraries = ['xstate', '@xstate/react', 'zod'];

const describeLoad = (load: InitialLoad) => load.files.map((f) => `  ${f.file}: ${kB(f.gzip)} gzip`).join('\n');

/** The npm packages whose code a built file holds, read from its source map. */
function packagesIn(file: string): Set<string> {
  const mapFile = path.join(dist, `${file}.map`);
  if (!existsSync(mapFile)) {
    // Only chunks without a module of their own have none: the bundler's module runtime, and the entry
    // that merely loads the app's chunk. Anything bigger must be accounted for.
    if (statSync(path.join(dist, file)).size > 2_000) throw new Error(`${file} has no source map to tell what it holds`);
    return new Set();
  }
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
  const names = map.sources.map((source) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1]).filter((name): name is string => Boolean(name));
  return new Set(names);
}

describe('client bundle budget', () => {
  it(`keeps the landing page's initial JavaScript within ${kB(LANDING_JS_BUDGET_GZIP)} gzip`, () => {
    const landing = initialLoad(dist);
    if (landing.js.gzip > LANDING_JS_BUDGET_GZIP) {
      throw new Error(`The landing page loads ${kB(landing.js.gzip)} of JavaScript (gzip), over its budget of ${kB(LANDING_JS_BUDGET_GZIP)}:\n${describeLoad(landing)}`);
    }
    expect(landing.js.gzip).toBeGreaterThan(0);
  });

  it.each([
    ['/', [...graphqlLibraries, ...formLibraries]],
    // Sign-in draws before the input rules (zod): a submit fetches them.
    ['/signin', [...graphqlLibraries, 'zod']],
    // The deck is an XState machine; it reads the plans and limits without their rules (zod), and its
    // filters (their GraphQL, their rules) load when they open.
    ['/swipe-deck', [...graphqlLibraries, 'zod']],
  ])('keeps libraries %s does not use out of its initial load', (screen, unused) => {
    const load = initialLoad(dist, screenModulesFor(screen));
    const loaded = new Set(load.files.filter((f) => f.file.endsWith('.js')).flatMap((f) => [...packagesIn(f.file)]));
    expect(unused.filter((name) => loaded.has(name))).toEqual([]);
  });
});
