import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

// The lint rules that keep the architecture honest, checked on code written to break them. ESLint runs
// as its own process: it loads its flat config through dynamic import, which jest's sandbox refuses.
const root = path.resolve(__dirname, '../..');
async function problems(code: string, filePath: string): Promise<string[]> {
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules/eslint/bin/eslint.js'), '--stdin', '--stdin-filename', filePath, '--format', 'json'], { cwd: root, input: code, encoding: 'utf8' });
  const [report] = JSON.parse(run.stdout) as Array<{ messages: Array<{ ruleId: string | null; message: string }> }>;
  return report!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

/** The same for several files at once, in one ESLint process. */
async function problemsOfEach(files: ReadonlyArray<{ code: string; filePath: string }>): Promise<string[][]> {
  const script = `
    import { ESLint } from 'eslint';
    const files = JSON.parse(await new Response(process.stdin).text());
    const eslint = new ESLint();
    const found = [];
    for (const { code, filePath } of files) {
      const [report] = await eslint.lintText(code, { filePath });
      found.push(report.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message));
    }
    process.stdout.write(JSON.stringify(found));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '--eval', script], { cwd: root, input: JSON.stringify(files), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[][];
}

// The services as the lint finds them: every folder under services/, not a list kept here.
const services = readdirSync(path.join(root, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const importing = (names: readonly string[], from: (name: string) => string) => names.map((name, i) => `import * as s${i} from '${from(name)}';\nexport const x${i} = s${i};\n`).join('');

describe('architecture lint rules', () => {
  jest.setTimeout(30_000);

  it('refuse every service importing any other, by package or by path', async () => {
    expect(services.length).toBeGreaterThan(1);
    const found = await problemsOfEach(
      services.flatMap((service) => {
        const others = services.filter((other) => other !== service);
        return [
          { code: importing(others, (other) => `@nocturne/${other}`), filePath: `services/${service}/src/leak.ts` },
          { code: importing(others, (other) => `../../${other}/src/service`), filePath: `services/${service}/src/leak.ts` },
        ];
      }),
    );
    for (const messages of found) {
      expect(messages).toEqual(Array.from({ length: services.length - 1 }, () => expect.stringContaining('A service never imports another service')));
    }
  });

  it('refuse domain code importing infrastructure or adapters', async () => {
    const found = await problems("import mongoose from 'mongoose';\nimport { createAdapters } from '@nocturne/platform/adapters';\nexport const x = [mongoose, createAdapters];\n", 'services/auth/src/account/businessLogic.ts');
    expect(found).toEqual([expect.stringContaining('Domain code is pure'), expect.stringContaining('Domain code does not depend on adapters')]);
  });

  it("hold the template's evolve files to the same purity, and let domain code use the platform's pure part", async () => {
    const leaky = "import { createAdapters } from '@nocturne/platform/adapters';\nexport const x = createAdapters;\n";
    expect(await problems(leaky, 'services/profile/src/profile/profile.ts')).toEqual([expect.stringContaining('Domain code does not depend on adapters')]);
    expect(await problems(leaky, 'services/profile/src/profile/application.ts')).toEqual([]);
    const pure = "import { RuleViolation, type Decider } from '@nocturne/platform/domain';\nexport const x: Decider<never, never, never> | typeof RuleViolation = RuleViolation;\n";
    expect(await problems(pure, 'services/profile/src/profile/businessLogic.ts')).toEqual([]);
  });

  it("keep a service's REST table light: zod, the contracts and the platform's REST kit only", async () => {
    const heavy = "import { createLogger } from '@nocturne/platform/logging';\nimport { createNightApplication } from '../night/application';\nexport const x = [createLogger, createNightApplication];\n";
    expect(await problems(heavy, 'services/swipe/src/rest/routes.ts')).toEqual([expect.stringContaining("A service's REST table"), expect.stringContaining("A service's REST table")]);
    const light = "import { z } from 'zod';\nimport { Messages } from '@nocturne/contracts';\nimport { defineRoute } from '@nocturne/platform/rest';\nimport { swipeRoutes } from './routes';\nexport const x = [z, Messages, defineRoute, swipeRoutes];\n";
    expect(await problems(light, 'services/swipe/src/rest/index.ts')).toEqual([]);
  });

  it('keep test support out of production code, and let tests use it', async () => {
    const support = "import { eventually } from '@nocturne/platform/testing';\nexport const x = eventually;\n";
    for (const file of ['services/swipe/src/service.ts', 'gateway/src/gateway.ts', 'packages/platform/src/adapters/index.ts', 'stack/src/embedded.ts', 'tools/demo/src/nightOwls.ts']) {
      expect(await problems(support, file)).toEqual([expect.stringContaining('Production code does not import test support')]);
    }
    expect(await problems("import { newPerson } from '../../tests/system/support';\nexport const x = newPerson;\n", 'stack/src/embedded.ts')).toEqual([expect.stringContaining('Production code does not import test support')]);
    expect(await problems(support, 'services/swipe/src/service.int.test.ts')).toEqual([]);
    expect(await problems(support, 'tests/system/support/stacks.ts')).toEqual([]);
  });

  it('keep the tools and the system tests out of the services', async () => {
    expect(await problems("import { GatewayClient } from '@nocturne/demo';\nexport const x = GatewayClient;\n", 'services/swipe/src/service.ts')).toEqual([expect.stringContaining('Services do not depend on')]);
  });

  it('let the client share only the contracts', async () => {
    expect(await problems("import { createLogger } from '@nocturne/platform/logging';\nexport const x = createLogger;\n", 'frontend/src/leak.ts')).toEqual([expect.stringContaining('only shares @nocturne/contracts')]);
    const [byPackage, byPath] = await problemsOfEach([
      { code: importing(services, (service) => `@nocturne/${service}`), filePath: 'frontend/src/leak.ts' },
      { code: importing(services, (service) => `../../services/${service}/src/index`), filePath: 'frontend/src/leak.ts' },
    ]);
    expect(byPackage).toEqual(services.map(() => expect.stringContaining('only shares @nocturne/contracts')));
    expect(byPath).toEqual(services.map(() => expect.stringContaining('only shares @nocturne/contracts')));
    expect(await problems("import { Limits } from '@nocturne/contracts';\nexport const x = Limits;\n", 'frontend/src/fine.ts')).toEqual([]);
    expect(await problems("import { createLogger } from '@nocturne/platform/logging';\nexport const x = createLogger;\n", 'frontend/src/features/chat/leak.ts')).toEqual([expect.stringContaining('only shares @nocturne/contracts')]);
  });

  it("keep the client's features from importing each other but through the shared ones", async () => {
    const deckIntoChat = "import { SwipeDeckPage } from '../swipeDeck/SwipeDeckPage';\nexport const x = SwipeDeckPage;\n";
    expect(await problems(deckIntoChat, 'frontend/src/features/chat/Leak.tsx')).toEqual([expect.stringContaining('A feature imports no other feature')]);
    expect(await problems("import { ChatPage } from '../../features/chat/ChatPage';\nexport const x = ChatPage;\n", 'frontend/src/features/plans/Leak.tsx')).toEqual([expect.stringContaining('A feature imports no other feature')]);
    const shared = "import { MatchPopup } from '../match/MatchPopup';\nimport { UpgradePrompt } from '../plans/UpgradePrompt';\nimport { LocationDialog } from '../location/LocationDialog';\nexport const x = [MatchPopup, UpgradePrompt, LocationDialog];\n";
    expect(await problems(shared, 'frontend/src/features/swipeDeck/Fine.tsx')).toEqual([]);
    expect(await problems("import { ConversationHeader } from './ConversationHeader';\nimport { requestJson } from '../../api/http';\nexport const x = [ConversationHeader, requestJson];\n", 'frontend/src/features/chat/Fine.tsx')).toEqual([]);
  });

  it("keep the client's colours in its theme", async () => {
    const run = spawnSync(process.execPath, [path.join(root, 'node_modules/eslint/bin/eslint.js'), '--stdin', '--stdin-filename', 'frontend/src/features/chat/Bubble.tsx', '--format', 'json'], {
      cwd: root,
      input: "export const own = 'rgba(167, 139, 250, 0.35)';\nexport const badge = `background: #e11d74;`;\nexport const link = '#main';\n",
      encoding: 'utf8',
    });
    const [report] = JSON.parse(run.stdout) as Array<{ messages: Array<{ ruleId: string | null; line: number }> }>;
    expect(report!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.line)).toEqual([1, 2]);
  });

  it('keep what sits below the features from importing one, and let the app put them together', async () => {
    const feature = "import { membershipResource } from '../features/plans/membership';\nexport const x = membershipResource;\n";
    expect(await problems(feature, 'frontend/src/time/leak.ts')).toEqual([expect.stringContaining('Only the app')]);
    expect(await problems(feature.replace('../features', './features'), 'frontend/src/screens.ts')).toEqual([]);
  });
});
