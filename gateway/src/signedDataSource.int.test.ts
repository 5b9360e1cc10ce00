import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { SET_SESSION_HEADER } from '@nocturne/platform/http';
import { createLogger } from '@nocturne/platform/logging';
import type { GatewayContext } from './requestContext';
import type { SessionInstruction } from './sessionCookie';
import { SignedDataSource } from './signedDataSource';

/**
 * A subgraph closes a keep-alive connection after its keep-alive timeout. A client that sends its next
 * request on such a connection at that moment gets ECONNRESET: the gateway must stop reusing idle
 * connections before the subgraph drops them.
 */
describe('connections from the gateway to a subgraph', () => {
  let server: Server;
  let connections = 0;
  let url = '';

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: { ok: true } }));
    });
    // Short, so the test is quick; the subgraphs keep Node's default of 5 s and announce it the same way.
    server.keepAliveTimeout = 2_000;
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('drops an idle connection before the subgraph would close it, instead of sending on it', async () => {
    const source = new SignedDataSource(url, 'test', 'int-test-secret-0123456789', createLogger('test', { env: { LOG_LEVEL: 'silent' } }));
    const call = async () => {
      const response = await source.fetcher(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ ok }"}' });
      expect(response.status).toBe(200);
      await response.text();
    };
    await call();
    const before = connections;
    // Idle for three quarters of the subgraph's keep-alive timeout: past the point where the client must
    // have let the connection go, before the subgraph closes it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await call();
    expect(connections).toBe(before + 1);
  });
});

// Subgraph calls over HTTP: kept-alive connections, and the session header turned into a cookie instruction.
let sessionServer: Server;
let sessionConnections = 0;
let sessionUrl: string;

beforeAll(async () => {
  sessionServer = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', [SET_SESSION_HEADER]: `${'c'.repeat(43)}; Max-Age=60` });
      res.end(JSON.stringify({ data: { ok: true } }));
    });
  });
  sessionServer.on('connection', () => (sessionConnections += 1));
  await new Promise<void>((resolve) => sessionServer.listen(0, '127.0.0.1', resolve));
  sessionUrl = `http://127.0.0.1:${(sessionServer.address() as AddressInfo).port}/graphql`;
});

afterAll(() => new Promise<void>((resolve) => sessionServer.close(() => resolve())));

describe('signed data source over HTTP', () => {
  it('sends one call after another over kept-alive connections and passes the session on', async () => {
    const source = new SignedDataSource(sessionUrl, 'auth', 'int-test-secret-0123456789', createLogger('test', { env: { LOG_LEVEL: 'silent' } }));
    const applied: SessionInstruction[] = [];
    const context: GatewayContext = { session: null, clientIp: '203.0.113.9', applySessionInstruction: (instruction) => applied.push(instruction), applyDeviceInstruction: () => undefined };
    for (let i = 0; i < 5; i++) {
      const response = await source.process({
        kind: 'incoming operation',
        request: { query: '{ ok }', http: { method: 'POST', url: sessionUrl, headers: new Headers() } },
        context,
        pathInIncomingRequest: [],
        incomingRequestContext: {},
      } as unknown as GraphQLDataSourceProcessOptions<Record<string, unknown>>);
      expect(response.data).toEqual({ ok: true });
      expect(response.http?.headers.get(SET_SESSION_HEADER)).toBeNull();
    }
    expect(applied).toHaveLength(5);
    // Reused, not one connection per call (undici's pool may open a second while the first is being freed).
    expect(sessionConnections).toBeLessThanOrEqual(2);
  });
});
