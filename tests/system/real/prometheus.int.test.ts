import { execFileSync } from 'node:child_process';
import { defaultMetricsPortOf, GATEWAY_METRICS_PORT } from '@nocturne/platform/telemetry';
import { eventually, repoRoot } from '@nocturne/platform/testing';
import { metricsPortVariableOf, services } from '@nocturne/stack';
import { hasRealInfrastructure, likeEachOther, StackProcess } from '../support';

// What an operator sees: Prometheus as `npm run infra:up -- --with-prometheus` starts it (Debian's package,
// scraping the METRICS_PORT defaults every 5 s) in front of the real stack, one process per service on
// their default metrics ports. A swipe shows in Prometheus, not just on a /metrics page.
// infra/up.sh installs the package with apt-get, which needs root: CI has it; elsewhere this suite runs where
// `prometheus` is installed (apt-get install prometheus) and is skipped, for that reason only, where it is not.
const prometheusInstalled = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v prometheus'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const d = hasRealInfrastructure && (prometheusInstalled || process.env.CI === 'true') ? describe : describe.skip;

const PROMETHEUS = 'http://127.0.0.1:9090';
const infraScript = (script: 'up.sh' | 'down.sh') => execFileSync('bash', [`infra/${script}`, 'prometheus'], { cwd: repoRoot, stdio: 'pipe', timeout: 300_000 });

/** The value of an instant query answering one series, or undefined while it answers none. */
async function instant(query: string): Promise<number | undefined> {
  const res = await fetch(`${PROMETHEUS}/api/v1/query?query=${encodeURIComponent(query)}`, { signal: AbortSignal.timeout(5_000) });
  const body = (await res.json()) as { status: string; data: { result: Array<{ value: [number, string] }> } };
  const [series] = body.data.result;
  return series ? Number(series.value[1]) : undefined;
}

d('Prometheus scraping the real stack', () => {
  let stack: StackProcess | undefined;

  beforeAll(async () => {
    infraScript('up.sh');
    stack = await StackProcess.start({
      env: {
        METRICS_PORT: String(GATEWAY_METRICS_PORT),
        ...Object.fromEntries(services.map((service) => [metricsPortVariableOf(service.name), String(defaultMetricsPortOf(service))])),
      },
    });
  }, 360_000);

  afterAll(async () => {
    await stack?.stop(15_000);
    infraScript('down.sh');
  }, 60_000);

  it('scrapes every process, and shows the likes and the match of two people', async () => {
    await eventually(async () => expect(await instant('sum(up{job="nocturne"})')).toBe(1 + services.length), { timeoutMs: 60_000, intervalMs: 1_000 });
    const before = (await instant('sum(nocturne_matches_total)')) ?? 0;

    const { first, second } = await likeEachOther(stack!, 60_000);
    expect([first.status, second.status]).toEqual([200, 200]);

    // Scraped every 5 s: the counters of the swipe process reach Prometheus within a few scrapes.
    await eventually(async () => expect((await instant('sum(nocturne_matches_total)')) ?? 0).toBeGreaterThanOrEqual(before + 1), { timeoutMs: 60_000, intervalMs: 1_000 });
    expect(await instant('sum(nocturne_swipes_total{kind="like"})')).toBeGreaterThanOrEqual(2);
  }, 240_000);
});
