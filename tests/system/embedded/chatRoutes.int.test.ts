import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Client } from 'graphql-ws';
import { eventually } from '@nocturne/platform/testing';
import { browserClient, collect, startInProcessStack, type InProcessStack, type Member } from '../support';

// Chat through the whole embedded stack: REST (spec point 7), GraphQL, and subscriptions forwarded by the gateway.
let stack: InProcessStack;
const clients: Client[] = [];

beforeAll(async () => {
  stack = await startInProcessStack('chat-routes', { env: { SWIPE_WINDOW: 'always' } });
}, 60_000);

afterAll(async () => {
  for (const client of clients) await client.dispose();
  await stack?.stop();
});

jest.setTimeout(60_000);

/** Onboarded, with no position shared. */
const member = () => stack.member({ position: null });
const get = (who: Member | null, url: string) => (who ?? stack.client()).get(url);
const post = (who: Member | null, url: string, body: object) => (who ?? stack.client()).post(url, body);
const graphql = async (who: Member, query: string, variables: Record<string, unknown> = {}) => (await post(who, '/graphql', { query, variables })).body as { data?: Record<string, never>; errors?: Array<{ extensions?: { code?: string } }> };
const swipe = (who: Member, swipedId: number) => post(who, '/api/swipes', { swiperId: who.id, swipedId, isLike: true });

/** Two people who liked each other; answers the match id once the conversation is open. */
async function pair(): Promise<[Member, Member, number, Member]> {
  const a = await member();
  const b = await member();
  const stranger = await member();
  await eventually(async () => expect((await swipe(a, b.id)).status).toBe(200));
  const matched = await eventually(async () => {
    const res = await swipe(b, a.id);
    expect(res.body.isMatch).toBe(true);
    return res.body.matchId as number;
  });
  await eventually(async () => expect((await get(a, `/api/messages?matchId=${matched}`)).status).toBe(200));
  return [a, b, matched, stranger];
}

/** A tab of `who`'s browser, connecting with its first subscription as the app's client does. */
function browser(who: Member, onClosed?: (code: number) => void): Client {
  const client = browserClient(who, { lazy: true, ...(onClosed && { onClosed }) });
  clients.push(client);
  return client;
}

describe('the chat calls of the REST facade', () => {
  it("sends and pages messages in the spec shape, with 400, 401, 403 and 404 (someone else's match too)", async () => {
    const [a, b, matchId, stranger] = await pair();
    const sent = await post(a, '/api/messages', { matchId, senderId: a.id, content: '  Hello  ' });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ id: expect.any(String), content: 'Hello', senderId: a.id, matchId, createdAt: expect.any(String), seq: 1 });
    expect((await post(b, '/api/messages', { matchId, senderId: b.id, content: 'Hi' })).status).toBe(201);

    const empty = await post(a, '/api/messages', { matchId, senderId: a.id, content: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ field: 'content' });
    expect((await post(a, '/api/messages', { matchId, senderId: a.id, content: 'x'.repeat(2001) })).status).toBe(400);
    expect((await post(a, '/api/messages', { matchId, senderId: b.id, content: 'as b' })).status).toBe(403);
    expect((await post(stranger, '/api/messages', { matchId, senderId: stranger.id, content: 'hi' })).status).toBe(404);
    expect((await post(a, '/api/messages', { matchId: 999_999, senderId: a.id, content: 'hi' })).status).toBe(404);
    expect((await post(null, '/api/messages', { matchId, senderId: a.id, content: 'hi' })).status).toBe(401);

    const page = await get(b, `/api/messages?matchId=${matchId}&limit=1`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ messages: [expect.objectContaining({ content: 'Hi', senderId: b.id })], olderCursor: '2' });
    const older = await get(b, `/api/messages?matchId=${matchId}&limit=1&before=${page.body.olderCursor}`);
    expect(older.body).toEqual({ messages: [expect.objectContaining({ content: 'Hello' })], olderCursor: null });
    expect((await get(stranger, `/api/messages?matchId=${matchId}`)).status).toBe(404);
    expect((await get(a, '/api/messages?matchId=999999')).status).toBe(404);
    expect((await get(a, '/api/messages?matchId=abc')).status).toBe(400);
  });
});

describe('live chat through the gateway', () => {
  it('delivers messages, the unread total and typing to the other person, and refuses a stranger', async () => {
    const [a, b, matchId, stranger] = await pair();
    const bBrowser = browser(b);
    const messages = collect<{ messageSent: { content: string; senderId: number } }>(bBrowser, 'subscription ($m: Int!) { messageSent(matchId: $m) { content senderId seq } }', { m: matchId });
    const unread = collect<{ unreadTotal: number }>(bBrowser, 'subscription { unreadTotal }');
    const typing = collect<{ typing: { userId: number; typing: boolean } }>(bBrowser, 'subscription ($m: Int!) { typing(matchId: $m) { userId typing } }', { m: matchId });
    await eventually(() => expect(unread.values).toEqual([{ unreadTotal: 0 }]));
    // The first value of unreadTotal came after the others were subscribed (one socket, in order); be sure anyway.
    await eventually(async () => {
      expect((await graphql(a, 'mutation ($m: Int!) { setTyping(matchId: $m, typing: true) }', { m: matchId })).errors).toBeUndefined();
      expect(typing.values.length).toBeGreaterThan(0);
    });
    expect(typing.values[0]).toEqual({ typing: { userId: a.id, typing: true } });

    expect((await post(a, '/api/messages', { matchId, senderId: a.id, content: 'Are you up?' })).status).toBe(201);
    await eventually(() => expect(messages.values.map((v) => v.messageSent.content)).toEqual(['Are you up?']));
    await eventually(() => expect(unread.values.at(-1)).toEqual({ unreadTotal: 1 }));
    expect(typing.values.at(-1)).toEqual({ typing: { userId: a.id, typing: false } });

    await graphql(b, 'mutation ($m: Int!) { markConversationRead(matchId: $m) }', { m: matchId });
    await eventually(() => expect(unread.values.at(-1)).toEqual({ unreadTotal: 0 }));

    const intruder = collect(browser(stranger), 'subscription ($m: Int!) { messageSent(matchId: $m) { content } }', { m: matchId });
    await eventually(() => expect(JSON.stringify(intruder.errors)).toContain('NOT_FOUND'));
  });

  it('tells both people of a new match, and shows presence while connected', async () => {
    const a = await member();
    const b = await member();
    const aBrowser = browser(a);
    const matches = collect<{ matchCreated: { matchId: number; otherUserId: number } }>(aBrowser, 'subscription { matchCreated { matchId otherUserId } }');
    const online = collect<{ unreadTotal: number }>(aBrowser, 'subscription { unreadTotal }');
    await eventually(() => expect(online.values.length).toBe(1));
    await eventually(async () => expect((await swipe(a, b.id)).status).toBe(200));
    await eventually(async () => expect((await swipe(b, a.id)).body.isMatch).toBe(true));
    await eventually(() => expect(matches.values).toEqual([{ matchCreated: { matchId: expect.any(Number), otherUserId: b.id } }]));
    const presence = await graphql(b, '{ matches { otherUser { id isOnline lastSeenAt } } }');
    expect(presence.errors).toBeUndefined();
    expect(presence.data).toEqual({ matches: [{ otherUser: { id: a.id, isOnline: true, lastSeenAt: expect.any(String) } }] });
    online.stop();
    matches.stop();
    await eventually(async () => expect((await graphql(b, '{ matches { otherUser { isOnline } } }')).data).toEqual({ matches: [{ otherUser: { isOnline: false } }] }));
  });

  it('closes the conversation on block for both, and ends live connections when the session ends', async () => {
    const [a, b, matchId] = await pair();
    let closedWith: number | undefined;
    const bBrowser = browser(b, (code) => (closedWith = code));
    const messages = collect(bBrowser, 'subscription ($m: Int!) { messageSent(matchId: $m) { content } }', { m: matchId });
    await eventually(async () => {
      await post(a, '/api/messages', { matchId, senderId: a.id, content: 'ping' });
      expect(messages.values.length).toBeGreaterThan(0);
    });
    expect((await graphql(a, 'mutation ($id: Int!) { block(userId: $id) }', { id: b.id })).errors).toBeUndefined();
    await eventually(() => expect(messages.isDone()).toBe(true));
    await eventually(async () => expect((await get(b, `/api/messages?matchId=${matchId}`)).status).toBe(404));
    expect((await post(a, '/api/messages', { matchId, senderId: a.id, content: 'still?' })).status).toBe(404);

    const unread = collect(bBrowser, 'subscription { unreadTotal }');
    await eventually(() => expect(unread.values.length).toBe(1));
    expect((await post(b, '/api/auth/signout', {})).status).toBeLessThan(300);
    await eventually(() => expect(closedWith).toBe(4401));
  });

  /** The reset token of the last mail to `email` (auth writes mails as files under the data directory without SMTP). */
  const resetTokenOf = (email: string) => {
    const outbox = path.join(stack.dataDir, 'auth', 'outbox');
    const mails = readdirSync(outbox)
      .filter((file) => file.endsWith('.json'))
      .map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string; text: string })
      .filter((mail) => mail.to.includes(email));
    const token = /token=([A-Za-z0-9_%-]+)/.exec(mails.at(-1)?.text ?? '')?.[1];
    expect(token).toBeDefined();
    return decodeURIComponent(token!);
  };

  it.each(['a password reset', 'the deletion of the account'])('ends live connections when %s ends the session', async (how) => {
    const [, b] = await pair();
    const session = b.session;
    let closedWith: number | undefined;
    const unread = collect(browser(b, (code) => (closedWith = code)), 'subscription { unreadTotal }');
    await eventually(() => expect(unread.values.length).toBe(1));
    if (how === 'a password reset') {
      expect((await post(null, '/api/forgot-password', { email: b.person.email })).status).toBe(200);
      const token = await eventually(() => resetTokenOf(b.person.email));
      expect((await post(null, '/api/reset-password', { token, password: 'new-moonlight' })).status).toBe(200);
    } else {
      expect((await b.delete('/api/account').set('Content-Type', 'application/json').send('{}')).status).toBe(200);
    }
    await eventually(() => expect(closedWith).toBe(4401));
    expect((await stack.client(session).get('/api/auth/user')).status).toBe(401);
  });
});

describe('what people see of each other, and for how long', () => {
  type PresenceValue = { presence: { userId: number; isOnline: boolean; lastSeenAt: string | null } };
  const PRESENCE = 'subscription ($u: Int!) { presence(userId: $u) { userId isOnline lastSeenAt } }';
  const deleteAccount = (who: Member) => who.delete('/api/account').set('Content-Type', 'application/json').send('{}');
  const endings: Record<string, (a: Member, b: Member, matchId: number) => Promise<void>> = {
    'a block': async (a, b) => expect((await post(a, '/api/blocks', { userId: b.id })).status).toBe(201),
    'an unmatch': async (a, _b, matchId) => expect((await post(a, '/api/unmatch', { matchId })).status).toBe(200),
    'the deletion of the account': async (a) => expect((await deleteAccount(a)).status).toBe(200),
  };

  it.each(Object.keys(endings))('ends every subscription about the other person opened while matched on %s, and sends nothing more', async (how) => {
    const [a, b, matchId] = await pair();
    // Plus, for read receipts: then b can follow a's read marker too.
    expect((await graphql(b, 'mutation { choosePlan(plan: PLUS, billing: WEEKLY) { plan } }')).errors).toBeUndefined();
    await eventually(async () => expect((await graphql(b, 'query ($m: Int!) { conversation(matchId: $m) { otherReadUpTo } }', { m: matchId })).data).toEqual({ conversation: { otherReadUpTo: 0 } }));
    const bBrowser = browser(b);
    const presence = collect<PresenceValue>(bBrowser, PRESENCE, { u: a.id });
    const others = ['messageSent(matchId: $m) { id }', 'typing(matchId: $m) { typing }', 'messagesRead(matchId: $m)'].map((field) => collect(bBrowser, `subscription ($m: Int!) { ${field} }`, { m: matchId }));
    await eventually(() => expect(presence.values).toEqual([{ presence: { userId: a.id, isOnline: false, lastSeenAt: null } }]));
    const aOnline = collect(browser(a), 'subscription { unreadTotal }');
    await eventually(() => expect(presence.values.at(-1)?.presence.isOnline).toBe(true));

    await endings[how]!(a, b, matchId);
    await eventually(() => expect([presence, ...others].map((subscription) => subscription.isDone())).toEqual([true, true, true, true]));
    expect(others.flatMap((subscription) => subscription.errors)).toEqual([]);
    const received = presence.values.length;
    if (how !== 'the deletion of the account') {
      // a goes offline and comes back: none of it reaches b, whose new subscription is refused.
      aOnline.stop();
      const again = collect(browser(a), 'subscription { unreadTotal }');
      await eventually(() => expect(again.values).toHaveLength(1));
      const retry = collect<PresenceValue>(bBrowser, PRESENCE, { u: a.id });
      await eventually(() => expect(JSON.stringify(retry.errors)).toContain('FORBIDDEN'));
      expect(retry.values).toEqual([]);
    }
    expect(presence.values).toHaveLength(received);
  });

  const QUARTER_HOUR = 15 * 60_000;
  const quarterStarted = (ms: number) => Math.floor(ms / QUARTER_HOUR) * QUARTER_HOUR;
  /** The last 8:00 PM at or before `ms` on a UTC clock (a new member's until they set a zone). */
  const lastEightPm = (ms: number) => {
    const day = new Date(ms);
    const eight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 20);
    return eight <= ms ? eight : eight - 24 * 3600_000;
  };
  /**
   * What "active tonight" answers for someone whose only connection began within `connected` and who is
   * asked about within `asked`: true from the first quarter hour after it began, until 8:00 PM (a night
   * that began meanwhile waits for its own first connection). Undefined while a quarter hour began
   * during the asking (then ask again).
   */
  function activeTonight(connected: [number, number], asked: [number, number]): boolean | undefined {
    const nightBegan = lastEightPm(asked[1]);
    const first: [number, number] = nightBegan > connected[0] ? [nightBegan, asked[1]] : connected;
    if (quarterStarted(asked[0]) > first[1]) return true;
    if (quarterStarted(asked[1]) <= first[0]) return false;
    return undefined;
  }

  it('shows a stranger neither when someone was last seen nor whether they are online now, only whether they were active tonight', async () => {
    // a and the stranger in Berlin, so that a is on the stranger's deck.
    const a = await stack.member();
    const b = await member();
    const stranger = await stack.member();
    await eventually(async () => expect((await swipe(a, b.id)).status).toBe(200));
    await eventually(async () => expect((await swipe(b, a.id)).body.isMatch).toBe(true));
    const connectedFrom = Date.now();
    const online = collect(browser(a), 'subscription { unreadTotal }');
    await eventually(() => expect(online.values).toHaveLength(1));
    const connected: [number, number] = [connectedFrom, Date.now()];

    type Presence = { id: number; isOnline: boolean; lastSeenAt: string | null };
    const matchSees = async () => ((await graphql(b, '{ matches { otherUser { id isOnline lastSeenAt } } }')).data as unknown as { matches: Array<{ otherUser: Presence }> }).matches[0]!.otherUser;
    const strangerSees = async () => {
      const deck = (await graphql(stranger, '{ deck(limit: 50) { cards { user { id isOnline lastSeenAt } } } }')).data as unknown as { deck: { cards: Array<{ user: Presence }> } };
      return deck.deck.cards.find((card) => card.user.id === a.id)?.user;
    };
    const strangerSeesOnlyTonight = () =>
      eventually(async () => {
        const askedFrom = Date.now();
        const seen = await strangerSees();
        const expected = activeTonight(connected, [askedFrom, Date.now()]);
        expect(expected).toBeDefined();
        expect(seen).toEqual({ id: a.id, isOnline: expected, lastSeenAt: null });
      });

    expect(await matchSees()).toEqual({ id: a.id, isOnline: true, lastSeenAt: expect.any(String) });
    await strangerSeesOnlyTonight();
    online.stop();
    await eventually(async () => expect(await matchSees()).toEqual({ id: a.id, isOnline: false, lastSeenAt: expect.any(String) }));
    // Going offline changes nothing for the stranger: that would tell when a left.
    await strangerSeesOnlyTonight();
  });

  it("answers someone else's match id exactly as an unknown one, on every path", async () => {
    const [, , matchId, stranger] = await pair();
    const unknownId = 999_999;
    const restCalls = [
      (id: number) => get(stranger, `/api/messages?matchId=${id}`),
      (id: number) => post(stranger, '/api/messages', { matchId: id, senderId: stranger.id, content: 'hi' }),
      (id: number) => post(stranger, '/api/unmatch', { matchId: id }),
    ];
    for (const call of restCalls) {
      const [theirs, unknown] = [await call(matchId), await call(unknownId)];
      expect(theirs.status).toBe(404);
      expect([theirs.status, theirs.body]).toEqual([unknown.status, unknown.body]);
    }
    const operations = [
      'query ($m: Int!) { conversation(matchId: $m) { matchId } }',
      'query ($m: Int!) { messages(matchId: $m) { olderCursor } }',
      'query ($m: Int!) { match(id: $m) { id conversation { matchId } } }',
      'mutation ($m: Int!) { sendMessage(input: { matchId: $m, content: "hi" }) { id } }',
      'mutation ($m: Int!) { markConversationRead(matchId: $m) }',
      'mutation ($m: Int!) { setTyping(matchId: $m, typing: true) }',
      'mutation ($m: Int!) { unmatch(matchId: $m) }',
    ];
    for (const query of operations) {
      const [theirs, unknown] = [await graphql(stranger, query, { m: matchId }), await graphql(stranger, query, { m: unknownId })];
      expect(theirs.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(theirs).toEqual(unknown);
    }
    const client = browser(stranger);
    for (const field of ['messageSent(matchId: $m) { id }', 'typing(matchId: $m) { typing }', 'messagesRead(matchId: $m)']) {
      const theirs = collect(client, `subscription ($m: Int!) { ${field} }`, { m: matchId });
      const unknown = collect(client, `subscription ($m: Int!) { ${field} }`, { m: unknownId });
      await eventually(() => expect([theirs.errors.length, unknown.errors.length]).toEqual([1, 1]));
      expect(JSON.stringify(theirs.errors)).toContain('NOT_FOUND');
      expect(theirs.errors).toEqual(unknown.errors);
    }
  });

  /** Reports in the chat service's event log (kept under the embedded stack's data directory). */
  const reportsStored = () =>
    readFileSync(path.join(stack.dataDir, 'chat', 'events.log'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .flatMap((line) => (JSON.parse(line) as { events: Array<{ streamId: string }> }).events)
      .filter((event) => event.streamId.startsWith('report-')).length;

  it("refuses a report naming someone else's match, or someone never matched, as it would an unknown one, and stores nothing", async () => {
    const [a, b, matchId, stranger] = await pair();
    const report = (who: Member, body: object) => post(who, '/api/reports', body);
    const before = reportsStored();
    const theirs = await report(stranger, { userId: a.id, reason: 'spam', matchId });
    const unknownMatch = await report(stranger, { userId: a.id, reason: 'spam', matchId: 999_999 });
    expect(theirs.status).toBe(404);
    expect([theirs.status, theirs.body]).toEqual([unknownMatch.status, unknownMatch.body]);
    const neverMatched = await report(stranger, { userId: a.id, reason: 'spam' });
    const unknownPerson = await report(stranger, { userId: 999_999, reason: 'spam' });
    expect(neverMatched.status).toBe(404);
    expect([neverMatched.status, neverMatched.body]).toEqual([unknownPerson.status, unknownPerson.body]);
    expect(reportsStored()).toBe(before);

    expect((await report(b, { userId: a.id, reason: 'harassment', matchId })).status).toBe(201);
    await eventually(() => expect(reportsStored()).toBe(before + 1));
  });
});
