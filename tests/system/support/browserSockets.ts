/**
 * WebSockets to the gateway as a browser opens them (the browser's session cookie and the site's Origin on
 * the upgrade), and what the machine's TCP table says of the connections to a port.
 */
import { readFileSync } from 'node:fs';
import { createClient, type Client } from 'graphql-ws';
import { WebSocket } from 'ws';
import type { StackClient } from './client';

const socketUrlOf = (siteUrl: string) => `${siteUrl.replace(/^http/, 'ws')}/graphql`;

/** The headers a browser's tab sends on the upgrade: its session cookie (if any) and the site's Origin. */
const upgradeHeaders = (browser: StackClient) => ({ ...(browser.cookie && { cookie: browser.cookie }), origin: browser.url });

export interface BrowserClientOptions {
  /** Hears the close code when the gateway ends the socket. */
  onClosed?: (code: number) => void;
  /** Connect with the first subscription, as the app's client does, rather than at once. */
  lazy?: boolean;
}

/** A tab of `browser` with a graphql-ws client. */
export function browserClient(browser: StackClient, { onClosed, lazy = false }: BrowserClientOptions = {}): Client {
  const headers = upgradeHeaders(browser);
  class BrowserSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  return createClient({
    url: socketUrlOf(browser.url),
    webSocketImpl: BrowserSocket,
    retryAttempts: 0,
    lazy,
    // A socket the gateway ends is what some tests wait for (`onClosed`), not a failure to print.
    onNonLazyError: () => undefined,
    ...(onClosed && { on: { closed: (event) => onClosed((event as { code: number }).code) } }),
  });
}

/** A subscription's values and errors as they arrive, and whether the server completed it. */
export interface Collected<T> {
  values: T[];
  errors: unknown[];
  stop: () => void;
  isDone: () => boolean;
}

export function collect<T>(client: Client, query: string, variables: Record<string, unknown> = {}): Collected<T> {
  const values: T[] = [];
  const errors: unknown[] = [];
  let done = false;
  const stop = client.subscribe<T>(
    { query, variables },
    {
      next: (value) => void (value.errors ? errors.push(...value.errors) : values.push(value.data as T)),
      error: (error) => void errors.push(...(Array.isArray(error) ? error : [error])),
      complete: () => void (done = true),
    },
  );
  return { values, errors, stop, isDone: () => done };
}

/** What the gateway answers a browser's upgrade: 101 when it opened (closed again at once), else the refusal's status and Retry-After. */
export function upgradeAnswer(browser: StackClient): Promise<{ status: number; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(socketUrlOf(browser.url), 'graphql-transport-ws', { headers: upgradeHeaders(browser) });
    socket.once('open', () => {
      socket.close();
      resolve({ status: 101, retryAfter: undefined });
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] });
      socket.terminate();
    });
    socket.once('error', (error) => reject(error));
  });
}

/**
 * Established TCP connections on this machine to 127.0.0.1:`port`, counted from the client's side (the
 * kernel's table, /proc/net/tcp): the gateway's connections to a subgraph, whichever process holds them.
 */
export function connectionsTo(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[2] === `0100007F:${hexPort}` && fields[3] === '01').length;
}
