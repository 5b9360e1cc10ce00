import { Agent, request } from 'node:http';

export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

/** The value below which `share` of the sorted samples fall (nearest rank). */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}

export function summarize(name: string, latenciesMs: number[], errors: number, seconds: number): LoadResult {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return { name, requests: sorted.length, errors, seconds, perSecond: sorted.length / seconds, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99) };
}

export interface LoadOptions {
  name: string;
  /** One request; resolves when answered as expected, throws otherwise. `worker` is 0..connections-1. */
  send: (worker: number) => Promise<void>;
  /** Requests in flight at once (closed loop). */
  connections: number;
  durationMs: number;
  /** Paced (open loop): start this many requests per second whatever the answers take; unset goes flat out. */
  ratePerSecond?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Closed loop (each of `connections` workers sends, waits, sends again) to find the most a path can take,
 * or paced at `ratePerSecond` to see its latency at a given load.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const run = async (durationMs: number) => {
    const latencies: number[] = [];
    let errors = 0;
    const began = performance.now();
    const deadline = began + durationMs;
    const one = async (worker: number) => {
      const start = performance.now();
      try {
        await options.send(worker);
        latencies.push(performance.now() - start);
      } catch {
        errors += 1;
      }
    };
    if (options.ratePerSecond === undefined) {
      await Promise.all(
        Array.from({ length: options.connections }, async (_, worker) => {
          while (performance.now() < deadline) await one(worker);
        }),
      );
    } else {
      const interval = 1000 / options.ratePerSecond;
      const inFlight = new Set<Promise<void>>();
      let sent = 0;
      while (performance.now() < deadline) {
        const due = began + sent * interval;
        const wait = due - performance.now();
        if (wait > 1) await sleep(wait);
        const pending: Promise<void> = one(sent % options.connections).finally(() => inFlight.delete(pending));
        inFlight.add(pending);
        sent += 1;
      }
      await Promise.all(inFlight);
    }
    return { latencies, errors, seconds: (performance.now() - began) / 1000 };
  };
  const { latencies, errors, seconds } = await run(options.durationMs);
  return summarize(options.name, latencies, errors, seconds);
}

export interface HttpAnswer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A keep-alive HTTP client with little overhead of its own (the load generator must not be the bottleneck). */
export function httpClient(baseUrl: string, maxSockets = 256) {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const base = new URL(baseUrl);
  return {
    send(method: string, path: string, options: { body?: string; headers?: Record<string, string> } = {}): Promise<HttpAnswer> {
      return new Promise((resolve, reject) => {
        const req = request(
          { agent, host: base.hostname, port: base.port, method, path, headers: { ...(options.body !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(options.body) }), ...options.headers } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.setTimeout(30_000, () => req.destroy(new Error('timed out')));
        req.end(options.body);
      });
    },
    close: () => agent.destroy(),
  };
}
