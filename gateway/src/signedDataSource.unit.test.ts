import { createServer, type Server } from 'node:http';
import { INTERNAL_CONTEXT_HEADER, SET_DEVICE_HEADER, SET_SESSION_HEADER, hashBody, verifyInternalContext as verifyFor, type ReceivedRequest } from '@nocturne/platform/http';
import { createLogger } from '@nocturne/platform/logging';
import type { GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { GatewayGraphQLResponse } from '@apollo/server-gateway-interface';
import type { DeviceInstruction } from './deviceCookie';
import type { GatewayContext } from './requestContext';
import type { SessionInstruction } from './sessionCookie';
import { SignedDataSource } from './signedDataSource';

const secret = 'unit-test-secret-0123456789';
/** A subgraph on a local port: it answers every call and keeps the headers of the last one. */
let subgraph: Server;
let lastHeaders: Headers | undefined;
let url = '';
let source: SignedDataSource;
beforeAll(async () => {
  subgraph = createServer((req, res) => {
    lastHeaders = new Headers(Object.entries(req.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)] as [string, string]])));
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}'));
  });
  await new Promise<void>((resolve) => subgraph.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(subgraph.address() as { port: number }).port}/graphql`;
  source = new SignedDataSource(url, 'auth', secret, createLogger('test', { env: { LOG_LEVEL: 'silent' } }));
});
afterAll(async () => {
  subgraph.closeAllConnections();
  await new Promise((resolve) => subgraph.close(resolve));
});

const contextFor = (userId?: number, deviceHash?: string) => {
  const applied: SessionInstruction[] = [];
  const devices: DeviceInstruction[] = [];
  const context: GatewayContext = {
    session: userId ? { hash: 'hash-of-session', userId, createdAt: 0, lastSeenAt: 0 } : null,
    clientIp: '203.0.113.9',
    ...(deviceHash && { deviceHash }),
    applySessionInstruction: (instruction) => applied.push(instruction),
    applyDeviceInstruction: (instruction) => devices.push(instruction),
  };
  return { context, applied, devices };
};

const BODY = JSON.stringify({ query: '{ me { id } }', variables: {} });
const sentTo: ReceivedRequest = { method: 'POST', path: '/graphql', bodyHash: hashBody(BODY) };
const verifyInternalContext = (header: string | undefined, key: string, request: ReceivedRequest = sentTo) => verifyFor(header, key, request);

/** What reaches the subgraph: the data source prepares the request, then its fetcher sends BODY. */
const send = async (context: object, incoming: Record<string, string> = {}) => {
  const headers = new Headers(incoming);
  source.willSendRequest({ request: { http: { method: 'POST', url, headers } }, context } as unknown as GraphQLDataSourceProcessOptions<Record<string, unknown>>);
  lastHeaders = undefined;
  await source.fetcher(url, { method: 'POST', headers: Object.fromEntries(headers), body: BODY });
  return lastHeaders!;
};

const receive = (context: object, responseHeaders: Record<string, string>) => {
  const response = { data: {}, http: { headers: new Headers(responseHeaders) } } as unknown as GatewayGraphQLResponse;
  source.didReceiveResponse({ response, context, request: {} } as never);
  return response;
};

describe('signed subgraph requests', () => {
  it('signs the user, the session hash and the client address', async () => {
    const headers = await send(contextFor(42).context);
    expect(verifyInternalContext(headers.get(INTERNAL_CONTEXT_HEADER) ?? undefined, secret)).toMatchObject({ uid: 42, sid: 'hash-of-session', ip: '203.0.113.9' });
  });

  it('signs no user for a signed-out request', async () => {
    const signed = verifyInternalContext((await send(contextFor().context)).get(INTERNAL_CONTEXT_HEADER) ?? undefined, secret);
    expect(signed?.uid).toBeUndefined();
    expect(signed?.ip).toBe('203.0.113.9');
  });

  it('binds the signature to the method, path and body it goes with', async () => {
    const header = (await send(contextFor(42).context)).get(INTERNAL_CONTEXT_HEADER) ?? undefined;
    expect(verifyInternalContext(header, secret)).not.toBeNull();
    expect(verifyInternalContext(header, secret, { ...sentTo, bodyHash: hashBody('{"query":"{ other }"}') })).toBeNull();
    expect(verifyInternalContext(header, secret, { ...sentTo, path: '/media/photos' })).toBeNull();
    expect(verifyInternalContext(header, secret, { ...sentTo, method: 'GET' })).toBeNull();
  });

  it('never sends the unsigned context it prepares', async () => {
    const headers = await send(contextFor(42).context);
    expect([...headers.keys()].filter((name) => name.startsWith('x-nocturne-'))).toEqual([INTERNAL_CONTEXT_HEADER]);
  });

  it('drops any x-nocturne header already on the request', async () => {
    const headers = await send(contextFor().context, { [INTERNAL_CONTEXT_HEADER]: 'forged.value', 'x-nocturne-other': '1' });
    expect(headers.get('x-nocturne-other')).toBeNull();
    expect(verifyInternalContext(headers.get(INTERNAL_CONTEXT_HEADER) ?? undefined, secret)).not.toBeNull();
  });

  it('signs the gateway itself for schema health checks', async () => {
    expect(verifyInternalContext((await send({})).get(INTERNAL_CONTEXT_HEADER) ?? undefined, secret)).toMatchObject({ ip: '127.0.0.1' });
  });

  it('turns x-nocturne-set-session into a cookie instruction and removes the header', () => {
    const { context, applied } = contextFor();
    const id = 'b'.repeat(43);
    const response = receive(context, { [SET_SESSION_HEADER]: `${id}; Max-Age=100` });
    expect(applied).toEqual([{ kind: 'set', id, maxAgeSeconds: 100 }]);
    expect(response.http?.headers.get(SET_SESSION_HEADER)).toBeNull();
    receive(context, { [SET_SESSION_HEADER]: 'clear' });
    expect(applied.at(-1)).toEqual({ kind: 'clear' });
  });

  it('signs the hash of the device cookie as dev, and nothing without one', async () => {
    expect(verifyInternalContext((await send(contextFor(undefined, 'hash-of-device').context)).get(INTERNAL_CONTEXT_HEADER) ?? undefined, secret)).toMatchObject({ dev: 'hash-of-device' });
    expect(verifyInternalContext((await send(contextFor().context)).get(INTERNAL_CONTEXT_HEADER) ?? undefined, secret)).not.toHaveProperty('dev');
  });

  it('turns x-nocturne-set-device into a device cookie instruction and removes the header', () => {
    const { context, devices } = contextFor();
    const id = 'd'.repeat(43);
    const response = receive(context, { [SET_DEVICE_HEADER]: `${id}; Max-Age=15552000` });
    expect(devices).toEqual([{ id, maxAgeSeconds: 15552000 }]);
    expect(response.http?.headers.get(SET_DEVICE_HEADER)).toBeNull();
    receive(context, { [SET_DEVICE_HEADER]: 'bad id; Max-Age=1' });
    expect(devices).toHaveLength(1);
  });

  it('ignores a malformed instruction', () => {
    const { context, applied } = contextFor();
    receive(context, { [SET_SESSION_HEADER]: 'not a session' });
    expect(applied).toEqual([]);
  });
});
