import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedStack, type EmbeddedStack, type EmbeddedStackOptions } from '@nocturne/stack';
import { StackUnderTest } from './stackUnderTest';

/** Per-person deck-read and pass limits far above what any suite does (crawlLimits and the real swipePrivacy set their own). */
export const crawlingUnlimited = { SWIPE_DECK_READS_PER_MINUTE: '1000000', SWIPE_PASSES_PER_MINUTE: '1000000' } as const;

/**
 * A stand-in for the built client under `dataDir` (its `index.html` only), for stacks started without
 * building the frontend. Answers the folder to pass as the frontend's.
 */
export function writeTestFrontend(dataDir: string): string {
  const frontendDir = path.join(dataDir, 'frontend');
  mkdirSync(frontendDir, { recursive: true });
  writeFileSync(path.join(frontendDir, 'index.html'), '<!doctype html><html><head><meta charset="UTF-8"><title>Nocturne</title></head><body><div id="root"></div></body></html>');
  return frontendDir;
}

export interface InProcessStackOptions extends Omit<EmbeddedStackOptions, 'port' | 'host' | 'dataDir' | 'subgraphPorts' | 'frontendDir' | 'env'> {
  /** Settings on top of `LOG_LEVEL=silent` (which only applies without a `logger`); a function gets the data directory. */
  env?: NodeJS.ProcessEnv | ((dataDir: string) => NodeJS.ProcessEnv);
  /** A data directory the test keeps (to start a stack again on it); by default a new one, removed at stop. */
  dataDir?: string;
}

/**
 * The embedded stack in the test's process on 127.0.0.1 and free ports, on a new data directory named for
 * the suite (`nocturne-<name>-...`), with the test frontend; quiet unless the suite passes a logger. What
 * the embedded stack tells its caller (subgraph URLs, the internal secret, the night owls, /metrics) is at
 * hand, as its data directory is.
 */
export class InProcessStack extends StackUnderTest {
  readonly url: string;
  readonly port: number;
  /** Each subgraph's GraphQL URL, by name. */
  readonly subgraphUrls: Record<string, string>;
  readonly internalSecret: string;
  readonly nightOwls: EmbeddedStack['nightOwls'];
  readonly metricsUrl: string | undefined;
  protected readonly profileWait = {};

  private constructor(
    private readonly running: EmbeddedStack,
    readonly dataDir: string,
    private readonly ownsDataDir: boolean,
  ) {
    super();
    ({ url: this.url, port: this.port, subgraphUrls: this.subgraphUrls, internalSecret: this.internalSecret, nightOwls: this.nightOwls, metricsUrl: this.metricsUrl } = running);
  }

  static async start(name: string, { env, dataDir: keptDataDir, ...options }: InProcessStackOptions = {}): Promise<InProcessStack> {
    const dataDir = keptDataDir ?? mkdtempSync(path.join(tmpdir(), `nocturne-${name}-`));
    const removeDataDir = () => keptDataDir === undefined && rmSync(dataDir, { recursive: true, force: true });
    const settings = typeof env === 'function' ? env(dataDir) : env;
    try {
      const running = await startEmbeddedStack({
        port: 0,
        host: '127.0.0.1',
        dataDir,
        subgraphPorts: 'free',
        frontendDir: writeTestFrontend(dataDir),
        ...options,
        // Suites poll the deck while events arrive; the limits themselves are tested with their own values.
        env: { ...crawlingUnlimited, ...(!options.logger && { LOG_LEVEL: 'silent' }), ...settings },
      });
      return new InProcessStack(running, dataDir, keptDataDir === undefined);
    } catch (error) {
      removeDataDir();
      throw error;
    }
  }

  /** Stops the stack and removes its data directory (unless the test gave one). */
  async stop(): Promise<void> {
    try {
      await this.running.stop();
    } finally {
      if (this.ownsDataDir) rmSync(this.dataDir, { recursive: true, force: true });
    }
  }
}

/** The embedded stack in the test's process (see InProcessStack). */
export const startInProcessStack = (name: string, options?: InProcessStackOptions) => InProcessStack.start(name, options);
