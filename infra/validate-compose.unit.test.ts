import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// `npm run compose:check` (infra/validate-compose.mjs) is what keeps docker-compose.yml, the Dockerfile and
// the alert rules as an operator needs them. Each case below breaks one rule in a copy (the repository's
// files stay as they are) and expects the check to refuse it, naming the problem.

const root = join(__dirname, '..');
const validator = join(root, 'infra', 'validate-compose.mjs');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const committed = {
  compose: read('docker-compose.yml'),
  dockerfile: read('Dockerfile'),
  rules: read('infra/observability/alert-rules.yml'),
  rulesTest: read('infra/observability/alert-rules.test.yml'),
  prometheus: read('infra/observability/prometheus.yml'),
};
const PROMETHEUS_MOUNT = './infra/observability/prometheus.yml:';
const RULES_MOUNT = './infra/observability/alert-rules.yml:';

/** `text` with `from` replaced by `to`; `from` must be there, or the case would test nothing. */
function swap(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`the mutation expects ${JSON.stringify(from)} in the file`);
  return text.split(from).join(to);
}

/** `compose` with one service's block (from `  name:` to the next service) changed by `change`. */
function inService(compose: string, name: string, change: (block: string) => string): string {
  const start = compose.indexOf(`\n  ${name}:\n`);
  if (start < 0) throw new Error(`no service ${name}`);
  const next = compose.slice(start + 1).search(/\n {2}[a-z][\w-]*:\n|\n[a-z]/);
  const end = next < 0 ? compose.length : start + 1 + next;
  return compose.slice(0, start) + change(compose.slice(start, end)) + compose.slice(end);
}

interface Mutation {
  compose?: (text: string) => string;
  dockerfile?: (text: string) => string;
  rules?: (text: string) => string;
  prometheus?: (text: string) => string;
  /** The rules without their promtool unit test beside them. */
  withoutRulesTest?: boolean;
  /** Run promtool too (slower); cases about other rules leave it out. */
  promtool?: boolean;
}

// Each case is a process of its own (about half a second of CPU), several at once on a busy machine.
jest.setTimeout(60_000);

// Made here, not in beforeAll: concurrent cases start as their describe block is collected.
const scratch = mkdtempSync(join(tmpdir(), 'nocturne-compose-check-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs the check on mutated copies; paths of the compose file still point into the repository. */
function check(mutation: Mutation = {}): Promise<{ status: number; output: string }> {
  const dir = mkdtempSync(join(scratch, 'case-'));
  let compose = mutation.compose ? mutation.compose(committed.compose) : committed.compose;
  if (mutation.dockerfile) {
    writeFileSync(join(dir, 'Dockerfile'), mutation.dockerfile(committed.dockerfile));
    compose = swap(compose, 'dockerfile: Dockerfile', `dockerfile: ${join(dir, 'Dockerfile')}`);
  }
  if (mutation.rules || mutation.withoutRulesTest) {
    writeFileSync(join(dir, 'alert-rules.yml'), mutation.rules ? mutation.rules(committed.rules) : committed.rules);
    if (!mutation.withoutRulesTest) writeFileSync(join(dir, 'alert-rules.test.yml'), committed.rulesTest);
    compose = swap(compose, RULES_MOUNT, `${join(dir, 'alert-rules.yml')}:`);
  }
  if (mutation.prometheus) {
    writeFileSync(join(dir, 'prometheus.yml'), mutation.prometheus(committed.prometheus));
    compose = swap(compose, PROMETHEUS_MOUNT, `${join(dir, 'prometheus.yml')}:`);
  }
  const file = join(dir, 'docker-compose.yml');
  writeFileSync(file, compose);
  // The check as the shell runs it, without a collector address a developer may have exported.
  const env = { ...process.env };
  delete env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!mutation.promtool) {
    env.PROMTOOL = join(dir, 'no-promtool');
    delete env.CI; // which would count a missing promtool as a problem
  }
  return new Promise((resolve) => {
    execFile(process.execPath, [validator, file, '--project-dir', root], { env, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ status: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

const hasPromtool = spawnSync(process.env.PROMTOOL || 'promtool', ['--version']).status === 0;

describe('compose:check', () => {
  it('accepts the committed compose file, Dockerfile and alert rules', async () => {
    const { status, output } = await check({ promtool: true });
    expect(output).toMatch(/docker-compose\.yml: valid/);
    if (hasPromtool) expect(output).toMatch(/promtool check rules, test rules and check config/);
    expect(status).toBe(0);
  });

  describe('images are exact versions of maintained images', () => {
    it.concurrent.each([
      ['a latest tag', (c: string) => swap(c, 'axllent/mailpit:v1.31.4', 'axllent/mailpit:latest'), /services\.mailpit: image axllent\/mailpit:latest is not pinned to an exact version: the tag latest moves/],
      ['no tag at all', (c: string) => swap(c, 'redis:7.4.11-alpine', 'redis'), /services\.redis: image redis is not pinned to an exact version: no tag/],
      ['a tag of a release line', (c: string) => swap(c, 'mongo:8.0.28', 'mongo:8.0'), /services\.mongo: image mongo:8\.0 is not pinned to an exact version: the tag 8\.0 is no exact version/],
      ['Jaeger v1', (c: string) => swap(c, 'jaegertracing/jaeger:2.20.0', 'jaegertracing/all-in-one:1.62.0'), /services\.jaeger: image jaegertracing\/all-in-one:1\.62\.0: Jaeger v1 \(all-in-one\) reached its end of life/],
    ])('refuses %s', async (_case, compose, problem) => {
      const { status, output } = await check({ compose });
      expect(output).toMatch(problem);
      expect(status).toBe(1);
    });
  });

  describe('every container restarts, within limits, with its server sized to them', () => {
    it.concurrent.each([
      ['a container without a restart policy', (c: string) => inService(c, 'kafka', (b) => swap(b, '    restart: unless-stopped\n', '')), /services\.kafka: no restart policy/],
      ['a container without a memory limit', (c: string) => inService(c, 'redis', (b) => swap(b, '          memory: 512M\n', '')), /services\.redis: no memory limit/],
      ['a container without a CPU limit', (c: string) => inService(c, 'grafana', (b) => swap(b, '          cpus: "0.5"\n', '')), /services\.grafana: no CPU limit/],
      ['MongoDB sizing its cache to the host', (c: string) => swap(c, ', "--wiredTigerCacheSizeGB", "0.5"', ''), /services\.mongo: command sets no --wiredTigerCacheSizeGB/],
      ['a MongoDB cache beyond its limit', (c: string) => swap(c, '"--wiredTigerCacheSizeGB", "0.5"', '"--wiredTigerCacheSizeGB", "1.5"'), /services\.mongo: --wiredTigerCacheSizeGB 1\.5 does not fit its 2G limit/],
      ['Redis evicting sessions', (c: string) => swap(c, '"--maxmemory-policy", "noeviction"', '"--maxmemory-policy", "allkeys-lru"'), /services\.redis: --maxmemory-policy must be noeviction/],
      ['Redis without maxmemory', (c: string) => swap(c, '"--maxmemory", "256mb", ', ''), /services\.redis: command sets no --maxmemory/],
      ["Kafka's heap beyond its limit", (c: string) => swap(c, '-Xms512m -Xmx512m', '-Xms1g -Xmx1g'), /services\.kafka: Kafka's heap -Xmx1g leaves less than a quarter of its 1G limit/],
    ])('refuses %s', async (_case, compose, problem) => {
      const { status, output } = await check({ compose });
      expect(output).toMatch(problem);
      expect(status).toBe(1);
    });
  });

  describe('observability is optional', () => {
    it.concurrent.each([
      ['an observability container outside its profile', (c: string) => inService(c, 'grafana', (b) => swap(b, '    profiles: ["observability"]\n', '')), /services\.grafana: not in the profile "observability"/],
      [
        'the app waiting for an observability container',
        (c: string) => inService(c, 'gateway', (b) => swap(b, '    depends_on:\n', '    depends_on:\n      otel-collector:\n        condition: service_started\n')),
        /services\.gateway: depends on otel-collector, which runs only with the profile "observability"/,
      ],
      [
        'the collector address written into the file',
        (c: string) => swap(c, 'OTEL_EXPORTER_OTLP_ENDPOINT: ${OTEL_EXPORTER_OTLP_ENDPOINT:-}', 'OTEL_EXPORTER_OTLP_ENDPOINT: http://otel-collector:4318'),
        /services\.gateway: environment OTEL_EXPORTER_OTLP_ENDPOINT must be \$\{OTEL_EXPORTER_OTLP_ENDPOINT:-\}/,
      ],
    ])('refuses %s', async (_case, compose, problem) => {
      const { status, output } = await check({ compose });
      expect(output).toMatch(problem);
      expect(status).toBe(1);
    });
  });

  describe('Prometheus scrapes every app process, and nothing else', () => {
    const chatJob = '  - job_name: chat\n    dns_sd_configs:\n      - names: [chat]\n        type: A\n        port: 9468\n        refresh_interval: 15s\n';
    it.concurrent.each([
      ['a service without its scrape job', (p: string) => swap(p, chatJob, ''), /prometheus\.yml: no scrape job for services\/chat/],
      ['a job left behind by a service that is gone', (p: string) => swap(p, chatJob, `${chatJob}${chatJob.split('chat').join('billing')}`), /prometheus\.yml: job billing scrapes billing, not the app process of this file it is named after/],
      ['a job named apart from what it scrapes', (p: string) => swap(p, '  - job_name: chat\n', '  - job_name: messages\n'), /prometheus\.yml: job messages scrapes chat, not the app process/],
    ])('refuses %s', async (_case, prometheus, problem) => {
      const { status, output } = await check({ prometheus });
      expect(output).toMatch(problem);
      expect(status).toBe(1);
    });
  });

  describe('Prometheus loads tested, documented alert rules', () => {
    it.concurrent('refuses a Prometheus without the alert rules mounted', async () => {
      const { status, output } = await check({ compose: (c) => swap(c, `      - ${RULES_MOUNT}/etc/prometheus/alert-rules.yml:ro\n`, '') });
      expect(output).toMatch(/services\.prometheus: the alert rules \/etc\/prometheus\/alert-rules\.yml of prometheus\.yml are not a file of the repository mounted there/);
      expect(status).toBe(1);
    });

    it.concurrent('refuses an alert without its runbook section', async () => {
      const { status, output } = await check({ rules: (r) => swap(r, 'runbook_url: docs/operations.md#nocturnetargetdown', 'runbook_url: docs/operations.md#somewhere-else') });
      expect(output).toMatch(/alert NocturneTargetDown: runbook_url must point at a section of docs\/operations\.md/);
      expect(status).toBe(1);
    });

    it.concurrent('refuses alert rules without a promtool unit test', async () => {
      const { status, output } = await check({ withoutRulesTest: true });
      expect(output).toMatch(/alert-rules\.yml: no promtool unit test/);
      expect(status).toBe(1);
    });

    const withPromtool = hasPromtool ? it.concurrent : it.concurrent.skip; // promtool comes with Debian's prometheus package (.ci/run installs it)
    withPromtool('refuses an alert rule promtool cannot parse', async () => {
      const { status, output } = await check({ promtool: true, rules: (r) => swap(r, 'expr: up == 0', 'expr: up == ') });
      expect(output).toMatch(/promtool check rules alert-rules\.yml/);
      expect(status).toBe(1);
    });

    withPromtool('refuses a threshold its unit test does not expect', async () => {
      const { status, output } = await check({
        promtool: true,
        rules: (r) => swap(r, 'max by (projection) (nocturne_projection_lag_seconds) > 10', 'max by (projection) (nocturne_projection_lag_seconds) > 30'),
      });
      expect(output).toMatch(/promtool test rules alert-rules\.test\.yml: [\s\S]*NocturneProjectionLagging/);
      expect(status).toBe(1);
    });
  });

  describe('the Dockerfile installs reproducibly, cached, and runs unprivileged', () => {
    const npmCi = 'RUN --mount=type=cache,target=/root/.npm \\\n    npm ci --no-audit --no-fund\n';
    it.concurrent.each([
      ['the sources copied before npm ci', (d: string) => swap(d, npmCi, `COPY . .\n${npmCi}`), /Dockerfile: copies \. before npm ci: only package manifests go before it/],
      ['a fallback to npm install', (d: string) => swap(d, 'npm ci --no-audit --no-fund\n', 'npm ci --no-audit --no-fund || npm install --no-audit --no-fund\n'), /Dockerfile: runs npm install: the dependencies come from the lockfile with npm ci only/],
      ["a workspace's package.json left out", (d: string) => swap(d, 'COPY services/chat/package.json services/chat/\n', ''), /Dockerfile: does not copy services\/chat\/package\.json before npm ci/],
      ['a base image of a release line', (d: string) => swap(d, 'node:24.21.0-bookworm-slim', 'node:24-bookworm-slim'), /Dockerfile: base image node:24-bookworm-slim is not pinned to an exact version/],
      ['running as root', (d: string) => swap(d, 'USER node\n', 'USER root\n'), /Dockerfile: the final stage runs as root/],
      ['dev dependencies kept', (d: string) => swap(d, 'npm prune --omit=dev', 'npm prune'), /Dockerfile: dev dependencies are not pruned/],
    ])('refuses %s', async (_case, dockerfile, problem) => {
      const { status, output } = await check({ dockerfile });
      expect(output).toMatch(problem);
      expect(status).toBe(1);
    });
  });
});
