import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@nocturne/platform';
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
