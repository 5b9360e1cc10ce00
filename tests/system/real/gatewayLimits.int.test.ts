import type { Client } from 'graphql-ws';
import { Scrape } from '@nocturne/platform/testing';
import { browserClient, collect, connectionsTo, upgradeAnswer } from '../support/browserSockets';
import { hasRealInfrastructure, newPerson, RealStack, waitFor, type ApiClient } from '../support/realStack';

// What one person may ask of the gateway, on the real servers (one process per service, sockets counted in
// Redis): live sockets per person and subscriptions per socket at their defaults (16, 64), one connection
// to the chat service per browser socket, a socket closed when its session is signed out, the cost and
// length of a document, and GraphQL requests a minute per session (here 100). The embedded stack's suite
// (gatewayLimits) checks the same in more detail. Run under the shared lock, after npm run build.
const d = hasRealInfrastructure ? describe : describe.skip;
// Above a socket's 64 subscribe messages, which count too.
const REQUESTS_PER_MINUTE = 100;

d('usage limits of the gateway on Kafka, MongoDB and Redis', () => {
  let stack: RealStack | undefined;
  const clients: Client[] = [];

  beforeAll(async () => {
    stack = await RealStack.start({ env: { GRAPHQL_REQUESTS_PER_MINUTE: String(REQUESTS_PER_MINUTE), LOG_LEVEL: 'warn' } });
  }, 120_000);

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.dispose();
  });

  afterAll(async () => {
    await stack?.stop(15_000);
  }, 30_000);

  jest.setTimeout(120_000);

  const person = async (): Promise<ApiClient & { cookie: string }> => {
    const api = stack!.client();
    const signUp = await api.call('POST', '/api/auth/signup', newPerson());
    expect(signUp.status).toBe(201);
    return api as ApiClient & { cookie: string };
  };
  const browser = (who: { cookie: string }, onClosed?: (code: number) => void) => {
    const client = browserClient(stack!.url, who.cookie, onClosed);
    clients.push(client);
    return client;
  };
  const graphql = (who: ApiClient, query: string) => who.call('POST', '/graphql', { query }, { origin: stack!.url });
  const live = (streams: Array<{ values: unknown[] }>, what: string) => waitFor(what, () => streams.every((stream) => stream.values.length > 0), 60_000, 50);

  it("refuses a person's 17th socket with 429 while another person connects, and carries a socket's 64 subscriptions on one connection to chat, refusing the 65th", async () => {
    const [luna, nyx] = [await person(), await person()];
    const tabs = Array.from({ length: 16 }, () => browser(luna));
    await live(
      tabs.map((tab) => collect(tab, 'subscription { unreadTotal }')),
      "luna's 16 sockets live",
    );
    const refused = await upgradeAnswer(stack!.url, luna.cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await upgradeAnswer(stack!.url, nyx.cookie)).status).toBe(101);

    const upstreams = async () => (await Scrape.of(stack!.metricsUrl('gateway'))).value('nocturne_websocket_upstream_connections', { subgraph: 'chat' });
    const [baseline, upstreamsBefore] = [connectionsTo(stack!.ports.chat!), await upstreams()];
    const tab = browser(nyx);
    const streams = Array.from({ length: 64 }, () => collect(tab, 'subscription { unreadTotal }'));
    await live(streams, "nyx's 64 subscriptions live");
    const extra = collect(tab, 'subscription { unreadTotal }');
    await waitFor('the 65th subscription refused', () => extra.errors.length > 0, 30_000, 50);
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
    await live([unread], 'the subscription live');
    expect((await luna.call('POST', '/api/auth/signout', {}, { origin: stack!.url })).status).toBeLessThan(300);
    await waitFor('the socket closed', () => closedWith === 4401, 5_000, 20);
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
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
