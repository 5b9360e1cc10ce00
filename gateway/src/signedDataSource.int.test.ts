import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { createLogger, SET_SESSION_HEADER } from '@nocturne/platform';
import type { GatewayContext } from './requestContext';
import type { SessionInstruction } from './sessionCookie';
import { SignedDataSource } from './signedDataSource';

// Subgraph calls over HTTP: kept-alive connections, and the session header turned into a cookie instruction.
let server: Server;
let connections = 0;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', [SET_SESSION_HEADER]: `${'c'.repeat(43)}; Max-Age=60` });
      res.end(JSON.stringify({ data: { ok: true } }));
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('signed data source over HTTP', () => {
  it('sends one call after another over one kept-alive connection and passes the session on', async () => {
    const source = new SignedDataSource(url, 'auth', 'int-test-secret-0123456789', createLogger('test', { env: { LOG_LEVEL: 'silent' } }));
    const applied: SessionInstruction[] = [];
    const context: GatewayContext = { session: null, clientIp: '203.0.113.9', applySessionInstruction: (instruction) => applied.push(instruction) };
    for (let i = 0; i < 5; i++) {
      const response = await source.process({
        kind: 'incoming operation',
        request: { query: '{ ok }', http: { method: 'POST', url, headers: new Headers() } },
        context,
        pathInIncomingRequest: [],
        incomingRequestContext: {},
      } as unknown as GraphQLDataSourceProcessOptions<Record<string, unknown>>);
      expect(response.data).toEqual({ ok: true });
      expect(response.http?.headers.get(SET_SESSION_HEADER)).toBeNull();
    }
    expect(applied).toHaveLength(5);
    expect(connections).toBe(1);
  });
});
