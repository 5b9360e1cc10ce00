import type { Client } from 'graphql-ws';
import { eventually, Scrape } from '@nocturne/platform/testing';
import { browserClient, collect, connectionsTo, startInProcessStack, upgradeAnswer, type InProcessStack, type Member } from '../support';

// What one person may ask of the gateway at once: live sockets per person and subscriptions per socket
// (the defaults, 16 and 64), each socket's subscriptions carried to the chat service on one connection,
// the cost and the length of a GraphQL document, and GraphQL requests a minute per session (here 120).
const REQUESTS_PER_MINUTE = 120;
let stack: InProcessStack;
const clients: Client[] = [];

beforeAll(async () => {
  stack = await startInProcessStack('gateway-limits', { metrics: { port: 0 }, env: { SWIPE_WINDOW: 'always', GRAPHQL_REQUESTS_PER_MINUTE: String(REQUESTS_PER_MINUTE) } });
}, 60_000);

afterEach(async () => {
  for (const client of clients.splice(0)) await client.dispose();
});

afterAll(async () => {
  await stack?.stop();
});

jest.setTimeout(60_000);

const browser = (who: Member, onClosed?: (code: number) => void) => {
  const client = browserClient(who, { onClosed });
  clients.push(client);
  return client;
};
const chatPort = () => Number(new URL(stack.subgraphUrls.chat!).port);
const upstreamConnections = async () => (await Scrape.of(stack.metricsUrl!)).value('nocturne_websocket_upstream_connections', { subgraph: 'chat' });

/** Two people who liked each other; answers the match id once the conversation is open. */
async function pair(): Promise<[Member, Member, number]> {
  const [a, b] = [await stack.member({ position: null }), await stack.member({ position: null })];
  const swipe = (who: Member, swipedId: number) => who.post('/api/swipes', { swiperId: who.id, swipedId, isLike: true });
  await eventually(async () => expect((await swipe(a, b.id)).status).toBe(200));
  const matchId = await eventually(async () => {
    const res = await swipe(b, a.id);
    expect(res.body.isMatch).toBe(true);
    return res.body.matchId as number;
  });
  await eventually(async () => expect((await a.get(`/api/messages?matchId=${matchId}`)).status).toBe(200));
  return [a, b, matchId];
}

describe('live sockets and subscriptions', () => {
  it("refuses a person's 17th live socket with 429 and Retry-After while another person still connects, and takes one again once one closed", async () => {
    const [luna, nyx] = [await stack.signUp(), await stack.signUp()];
    const tabs = Array.from({ length: 16 }, () => browser(luna));
    const unread = tabs.map((tab) => collect<{ unreadTotal: number }>(tab, 'subscription { unreadTotal }'));
    await eventually(() => expect(unread.every((stream) => stream.values.length > 0)).toBe(true), { timeoutMs: 20_000 });

    const refused = await upgradeAnswer(luna);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await upgradeAnswer(nyx)).status).toBe(101);

    await tabs[0]!.dispose();
    await eventually(async () => expect((await upgradeAnswer(luna)).status).toBe(101));
  });

  it("refuses a socket's 65th subscription with a clear error while its 64 others still deliver, all of them over one connection to the chat service", async () => {
    const [a, b, matchId] = await pair();
    const [baseline, upstreamsBefore] = [connectionsTo(chatPort()), await upstreamConnections()];
    const tab = browser(b);
    const streams = Array.from({ length: 64 }, () => collect<{ unreadTotal: number }>(tab, 'subscription { unreadTotal }'));
    await eventually(() => expect(streams.every((stream) => stream.values.length > 0)).toBe(true), { timeoutMs: 20_000 });

    const extra = collect<{ unreadTotal: number }>(tab, 'subscription { unreadTotal }');
    await eventually(() => expect(extra.errors).toEqual([expect.objectContaining({ message: expect.stringContaining('the limit is 64'), extensions: { code: 'RATE_LIMITED' } })]));
    expect(extra.values).toEqual([]);

    expect((await a.post('/api/messages', { matchId, senderId: a.id, content: 'Still there?' })).status).toBe(201);
    await eventually(() => expect(streams.every((stream) => stream.values.at(-1)?.unreadTotal === 1)).toBe(true), { timeoutMs: 20_000 });
    // One socket of the gateway to the chat service carries all 64 (and a few HTTP connections, not 64).
    expect((await upstreamConnections()) - upstreamsBefore).toBe(1);
    expect(connectionsTo(chatPort()) - baseline).toBeLessThan(8);

    streams[0]!.stop();
    const another = collect<{ unreadTotal: number }>(tab, 'subscription { unreadTotal }');
    await eventually(() => expect(another.values).toEqual([{ unreadTotal: 1 }]));
    await tab.dispose();
    await eventually(async () => expect(await upstreamConnections()).toBe(upstreamsBefore));
  });

  it('closes the socket within a few seconds once its session is signed out over HTTP', async () => {
    const luna = await stack.signUp();
    let closedWith: number | undefined;
    const unread = collect<{ unreadTotal: number }>(
      browser(luna, (code) => (closedWith = code)),
      'subscription { unreadTotal }',
    );
    await eventually(() => expect(unread.values.length).toBe(1));
    expect((await luna.post('/api/auth/signout', {})).status).toBeLessThan(300);
    await eventually(() => expect(closedWith).toBe(4401), { timeoutMs: 3_000 });
  });
});

describe('the cost and the length of a GraphQL request', () => {
  it('refuses fifteen aliased decks of 50 with a clear error, while one deck of 50 still answers', async () => {
    const luna = await stack.member();
    const decks = Array.from({ length: 15 }, (_, i) => `d${i}: deck(limit: 50) { cards { user { id name } } }`).join(' ');
    const refused = await luna.graphql(`{ ${decks} }`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      errors: [{ message: 'The operation asks for 750 items of pages (limit or first); the limit is 100. Ask for fewer or smaller pages.', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }],
    });
    expect((await luna.get('/api/profiles?limit=50')).status).toBe(200);
    expect((await luna.graphql('{ deck(limit: 50) { cards { user { id name } } } }')).status).toBe(200);
  });

  it('answers 400, never 500, to 1,500 nested fragments', async () => {
    const luna = await stack.signUp();
    const inline = `query { ${'... on Query { '.repeat(1500)} me { id } ${'}'.repeat(1500)} }`;
    const named = `query { ...F0 } ${Array.from({ length: 1500 }, (_, i) => `fragment F${i} on Query { ${i === 1499 ? 'me { id }' : `...F${i + 1}`} }`).join(' ')}`;
    for (const document of [inline, named]) {
      const answer = await luna.graphql(document);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([expect.objectContaining({ message: expect.stringMatching(/^Syntax Error: Document contains more that 1000 tokens/), extensions: { code: 'GRAPHQL_PARSE_FAILED' } })]);
    }
    // As deep as the token limit allows still answers.
    const deep = await luna.graphql(`query { ${'... on Query { '.repeat(190)} me { id } ${'}'.repeat(190)} }`);
    expect(deep.status).toBe(200);
  });
});

describe('GraphQL requests per session', () => {
  it('answers 429 with Retry-After past the limit, over HTTP and for subscriptions, and counts each session on its own', async () => {
    const [luna, nyx] = [await stack.signUp(), await stack.signUp()];
    const tab = browser(luna);
    const before = collect<{ unreadTotal: number }>(tab, 'subscription { unreadTotal }');
    await eventually(() => expect(before.values.length).toBe(1));
    for (let sent = 1; sent < REQUESTS_PER_MINUTE; sent += 1) expect((await luna.graphql('{ me { id } }')).status).toBe(200);
    const refused = await luna.graphql('{ me { id } }');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'RATE_LIMITED' }) })]);

    const after = collect<{ unreadTotal: number }>(tab, 'subscription { unreadTotal }');
    await eventually(() => expect(after.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'RATE_LIMITED' }) })]));
    expect((await nyx.graphql('{ me { id } }')).status).toBe(200);
  });
});
