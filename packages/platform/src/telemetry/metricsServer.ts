import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics } from 'prom-client';
import { z } from 'zod';
import type { Logger } from '../logging';
import { envSchemas, parseEnv } from '../config';
import { metricsRegistry } from './metrics';

/** The gateway's and the embedded stack's metrics port; each service has its own (`defaultMetricsPortOf`). */
export const GATEWAY_METRICS_PORT = 9464;

/** A service's default metrics port: 9464 plus its place after 4000 (auth 9465, profile 9466, swipe 9467, chat 9468). */
export const defaultMetricsPortOf = (service: { defaultPort: number }) => GATEWAY_METRICS_PORT + (service.defaultPort - 4000);

/** `METRICS_PORT` (0: a free one) and `METRICS_HOST` (127.0.0.1 unless told: never the public interface by accident). */
export const metricsEnvironmentSchema = (defaultPort: number) =>
  z.object({
    METRICS_PORT: envSchemas.port(defaultPort),
    METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  });

export interface MetricsSettings {
  port: number;
  host: string;
}

/** The process's metrics settings from its environment; a bad value throws a ConfigError naming it. */
export function readMetricsSettings(env: NodeJS.ProcessEnv, defaultPort: number): MetricsSettings {
  const parsed = parseEnv(metricsEnvironmentSchema(defaultPort), env);
  return { port: parsed.METRICS_PORT, host: parsed.METRICS_HOST };
}

export interface MetricsServer {
  /** `http://host:port/metrics` */
  url: string;
  port: number;
  stop(): Promise<void>;
}

let defaultMetricsOn = false;

/**
 * `/metrics` in Prometheus's text format on a port of its own, apart from the public one: the process's
 * metrics (prom-client's default registry) and Node's own (event loop lag, heap, GC, handles).
 */
export async function startMetricsServer(settings: MetricsSettings & { logger?: Logger }): Promise<MetricsServer> {
  if (!defaultMetricsOn) {
    collectDefaultMetrics({ register: metricsRegistry });
    defaultMetricsOn = true;
  }
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': metricsRegistry.contentType });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        settings.logger?.error({ err: error }, 'metrics: collecting failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Collecting metrics failed\n');
      },
    );
  });
  // A scrape every few seconds from one Prometheus: no keep-alive sockets held open past a stop.
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = settings.host === '0.0.0.0' || settings.host === '::' ? '127.0.0.1' : settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  const url = `http://${shownHost}:${port}/metrics`;
  settings.logger?.info({ url }, 'metrics listening');
  return {
    url,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * `startMetricsServer` for a process whose work does not depend on it: a port that is taken costs the
 * metrics (logged as an error, naming `owner`), never the process.
 */
export async function startMetricsServerIfPossible(settings: MetricsSettings & { logger: Logger; owner: string }): Promise<MetricsServer | undefined> {
  return startMetricsServer(settings).catch((error: unknown) => {
    settings.logger.error({ err: error, port: settings.port }, `${settings.owner}: metrics could not listen; running without /metrics`);
    return undefined;
  });
}
