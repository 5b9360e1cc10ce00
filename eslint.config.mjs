// Lint rules that keep the architecture honest: a service never imports another service, and domain
// code (pure deciders) never imports infrastructure libraries or frameworks.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';

// Every folder under services/ is a service workspace, as jest.config.js reads them (docs/adding-a-service.md):
// a new service is held to these rules, and kept out of the client, without a line here.
const services = readdirSync(new URL('./services', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// By package, or by path: from the repository's root, or climbing out of a service into a sibling's src/.
const serviceImports = (names) => names.flatMap((name) => [`@nocturne/${name}`, `@nocturne/${name}/*`, `**/services/${name}/**`, `**/${name}/src`, `**/${name}/src/**`]);
const testSupport = { group: ['@nocturne/platform/testing', '**/testing', '**/testing/*', '@nocturne/system-tests', '**/tests/system/**'], message: 'Production code does not import test support (@nocturne/platform/testing, tests/system).' };
const infrastructure = ['mongoose', 'mongodb', 'kafkajs', 'ioredis', 'express', 'react', 'react-dom', '@apollo/*', 'graphql', 'nodemailer', 'sharp', 'busboy', 'argon2', 'node:fs', 'fs', 'node:http', 'http'];

/** A CSS colour written out: #rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla(). */
const rawColour = String.raw`/#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})\b|\b(rgba?|hsla?)\(/`;

const clientSharesContracts = { group: ['@nocturne/platform', '@nocturne/platform/*', ...serviceImports(services), '@nocturne/gateway', '@nocturne/stack', 'mongoose', 'kafkajs', 'ioredis', 'express'], message: 'The client only shares @nocturne/contracts.' };

/**
 * The client's features (frontend/src/features/*) import no other feature but the shared ones: the match
 * (its popups), the plans (membership, upgrade prompts), the location dialog and safety (block and report). What sits below the
 * features (api, components, live, prefetch, session, time, toast ...) imports none; only the app's
 * composition (src/*.ts*: routes, screens, main) puts them together. Read from the folder, like the services.
 */
function clientFeatureBoundaries() {
  const root = 'frontend/src/features';
  const shared = ['match', 'plans', 'location', 'safety'];
  const features = existsSync(root) ? readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name) : [];
  const anyOf = (names) => `(${names.join('|')})(/|$)`;
  const otherFeatures = (feature) => {
    const banned = features.filter((name) => name !== feature && !shared.includes(name));
    return { regex: `^(\\.\\./|.*/features/)${anyOf(banned)}`, caseSensitive: true, message: `A feature imports no other feature; share through ${shared.map((name) => `features/${name}`).join(', ')} or a folder below the features.` };
  };
  return [
    ...features.map((feature) => ({
      files: [`${root}/${feature}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { patterns: [clientSharesContracts, otherFeatures(feature)] }] },
    })),
    {
      files: ['frontend/src/*/**/*.{ts,tsx}'],
      ignores: [`${root}/**`, 'frontend/src/testing/**', '**/*.test.ts', '**/*.test.tsx'],
      rules: { 'no-restricted-imports': ['error', { patterns: [clientSharesContracts, { regex: '(^|/)features/', message: 'Only the app (src/*.ts*) and the features themselves import a feature.' }] }] },
    },
  ];
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', 'coverage/**', '**/test-results/**', '**/playwright-report/**', 'infra/cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // A service imports no other service (shared code goes through packages/*), and its domain code is
  // pure: deciders import no I/O, framework or infrastructure library. Flat config replaces a rule per
  // file rather than merging it, so the domain block repeats the service patterns.
  // Test support (contract suites, jest helpers, infrastructure control) stays out of what runs in production.
  {
    files: ['gateway/src/**/*.ts', 'packages/platform/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/platform/src/testing/**', 'gateway/src/testing/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [testSupport] }] },
  },
  // The composition and the demo night owls run in production too (the benchmarks are a tool of the repository).
  {
    files: ['stack/src/**/*.ts', 'tools/demo/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [testSupport] }] },
  },
  ...services.flatMap((service) => {
    const otherServices = { group: serviceImports(services.filter((s) => s !== service)), message: 'A service never imports another service; use packages/contracts or packages/platform.' };
    const outerLayers = { group: ['@nocturne/gateway', '@nocturne/stack', '@nocturne/frontend', '@nocturne/demo', '@nocturne/bench', '@nocturne/system-tests'], message: 'Services do not depend on the gateway, the stack, the client, the tools or the system tests.' };
    // The template's pure files: `<feature>/<feature>.ts` (state, events, evolve) and `businessLogic.ts` (decide).
    const root = `services/${service}/src`;
    const features = existsSync(root) ? readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name) : [];
    const domainFiles = [...features.map((feature) => `${root}/${feature}/${feature}.ts`), `${root}/**/businessLogic.ts`, `${root}/domain/**/*.ts`];
    return [
      { files: [`services/${service}/**/*.ts`], rules: { 'no-restricted-imports': ['error', { patterns: [otherServices, outerLayers] }] } },
      { files: [`services/${service}/**/*.ts`], ignores: ['**/*.test.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [otherServices, outerLayers, testSupport] }] } },
      {
        files: domainFiles,
        ignores: ['**/*.test.ts'],
        rules: {
          'no-restricted-imports': ['error', {
            patterns: [
              otherServices,
              outerLayers,
              { group: infrastructure, message: 'Domain code is pure: no infrastructure or framework imports.' },
              { regex: '^@nocturne/platform(?!/domain$)', message: 'Domain code does not depend on adapters; only on @nocturne/contracts and @nocturne/platform/domain.' },
            ],
          }],
        },
      },
    ];
  }),
  // A service's REST table is its light entry (`@nocturne/<service>/rest`), which the gateway's process loads:
  // zod, the contracts and the platform's REST kit, and nothing else of the service.
  {
    files: ['services/*/src/rest/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: String.raw`^(?!zod$|@nocturne/contracts(/[\w/]+)?$|@nocturne/platform/rest$|\./)`, message: "A service's REST table (its light entry) imports zod, @nocturne/contracts and @nocturne/platform/rest only, and files of its own folder." }],
      }],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@nocturne/*'], message: 'contracts depend on nothing of ours.' }, { group: infrastructure, message: 'contracts are plain schemas.' }] }] },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [clientSharesContracts] }],
    },
  },
  ...clientFeatureBoundaries(),
  // The client's colours come from its theme (frontend/src/theme): a named colour, or one at an opacity.
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/theme/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': ['error', ...['Literal[value=', 'TemplateElement[value.raw='].map((node) => ({ selector: `${node}${rawColour}]`, message: 'Use a colour of the theme (theme.color, theme.alpha), not a colour of its own.' }))],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', '**/*.cjs', 'frontend/test/**', 'jest.config.js', 'tests/jest/**'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: { 'no-console': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
);
