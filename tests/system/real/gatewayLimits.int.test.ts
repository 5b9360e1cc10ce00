import type { Client } from 'graphql-ws';
import { eventually, Scrape } from '@nocturne/platform/testing';
import { browserClient, collect, connectionsTo, hasRealInfrastructure, StackProcess, upgradeAnswer, type Member } from '../support';

// What one person may ask of the gateway, on the real servers (one process per service, sockets counted in
// Redis): live sockets per person and subscriptions per socket at their defaults (16, 64), one connection
// to the chat service per browser socket, a socket closed when its session is signed out, the cost and
// length of a document, and GraphQL requests a minute per session (here 100). The embedded stack's suite
// (gatewayLimits) checks the same in more detail. Run under the shared lock, after npm run build.
const d = hasRealInfrastructure ? describe : describe.skip;
// Above a socket's 64 subscribe messages, which count too.
const REQUESTS_PER_MINUTE = 100;

d('usage limits of the gateway on Kafka, MongoDB and Redis', () => {
  let stack: StackProcess | undefined;
  const clients: Client[] = [];

  beforeAll(async () => {
    stack = await StackProcess.start({ env: { GRAPHQL_REQUESTS_PER_MINUTE: String(REQUESTS_PER_MINUTE), LOG_LEVEL: 'warn' } });
  }, 120_000);

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.dispose();
  });

  afterAll(async () => {
    await stack?.stop(15_000);
  }, 30_000);

  jest.setTimeout(120_000);

  const person = () => stack!.signUp();
  const browser = (who: Member, onClosed?: (code: number) => void) => {
    const client = browserClient(who, { onClosed });
    clients.push(client);
    return client;
  };
  const graphql = (who: Member, query: string) => who.graphql(query);
  const live = (streams: Array<{ values: unknown[] }>) => eventually(() => expect(streams.every((stream) => stream.values.length > 0)).toBe(true), { timeoutMs: 60_000, intervalMs: 50 });

  it("refuses a person's 17th socket with 429 while another person connects, and carries a socket's 64 subscriptions on one connection to chat, refusing the 65th", async () => {
    const [luna, nyx] = [await person(), await person()];
    const tabs = Array.from({ length: 16 }, () => browser(luna));
    await live(tabs.map((tab) => collect(tab, 'subscription { unreadTotal }')));
    const refused = await upgradeAnswer(luna);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await upgradeAnswer(nyx)).status).toBe(101);

    const upstreams = async () => (await Scrape.of(stack!.metricsUrl('gateway'))).value('nocturne_websocket_upstream_connections', { subgraph: 'chat' });
    const [baseline, upstreamsBefore] = [connectionsTo(stack!.ports.chat!), await upstreams()];
    const tab = browser(nyx);
    const streams = Array.from({ length: 64 }, () => collect(tab, 'subscription { unreadTotal }'));
    await live(streams);
    const extra = collect(tab, 'subscription { unreadTotal }');
    await eventually(() => expect(extra.errors.length).toBeGreaterThan(0), { timeoutMs: 30_000, intervalMs: 50 });
    expect(extra.errors).toEqual([expect.objectContaining({ message: expect.stringContaining('the limit is 64'), extensions: { code: 'RATE_LIMITED' } })]);
    expect((await upstreams()) - upstreamsBefore).toBe(1);
    expect(connectionsTo(stack!.ports.chat!) - baseline).toBeLessThan(8);
  });

  it('closes a socket within a few seconds of its session signing out over HTTP', async () => {
    const luna = await person();
    let closedWith: number | undefined;
    const unread = collect(
      browser(luna, (code) => (closedWith = code)),
      'subscription { unreadTotal }',
    );
    await live([unread]);
    expect((await luna.post('/api/auth/signout', {})).status).toBeLessThan(300);
    await eventually(() => expect(closedWith).toBe(4401), { timeoutMs: 5_000, intervalMs: 20 });
  });

  it('answers 400 to fifteen aliased decks of 50 and to 1,500 nested fragments, and 429 with Retry-After past the requests of a minute', async () => {
    const luna = await person();
    const decks = Array.from({ length: 15 }, (_, i) => `d${i}: deck(limit: 50) { cards { user { id name } } }`).join(' ');
    const costly = await graphql(luna, `{ ${decks} }`);
    expect(costly.status).toBe(400);
    expect(costly.body.errors[0]).toMatchObject({ message: expect.stringContaining('asks for 750 items of pages'), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    const nested = await graphql(luna, `query { ${'... on Query { '.repeat(1500)} me { id } ${'}'.repeat(1500)} }`);
    expect(nested.status).toBe(400);
    expect(nested.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');

    for (let sent = 2; sent < REQUESTS_PER_MINUTE; sent += 1) expect((await graphql(luna, '{ me { id } }')).status).toBe(200);
    const refused = await graphql(luna, '{ me { id } }');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
