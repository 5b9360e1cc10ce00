import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import { WebSocket } from 'ws';
import { eventually } from '@nocturne/platform/testing';
import { startTestStack, type Member, type TestStack } from './testStack';

// Chat through the whole embedded stack: REST (spec point 7), GraphQL, and subscriptions forwarded by the gateway.
let stack: TestStack;
const clients: Client[] = [];

beforeAll(async () => {
  stack = await startTestStack('chat-routes', { env: { SWIPE_WINDOW: 'always' } });
}, 60_000);

afterAll(async () => {
  for (const client of clients) await client.dispose();
  await stack?.stop();
});

jest.setTimeout(60_000);

const api = () => stack.api();
/** Onboarded, with no position shared. */
const member = () => stack.member({ position: null });
const get = (who: Member | null, url: string) => stack.get(who, url);
const post = (who: Member | null, url: string, body: object) => stack.post(who, url, body);
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

/** A browser's graphql-ws client: the session cookie and this site's Origin on the upgrade. */
function browser(who: Member, onClose?: (code: number) => void): Client {
  const url = stack.url.replace('http://', 'ws://') + '/graphql';
  const cookie = who.cookie;
  const origin = stack.url;
  class CookieSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie, origin } });
    }
  }
  const client = createClient({ url, webSocketImpl: CookieSocket, retryAttempts: 0, lazy: true, ...(onClose && { on: { closed: (event) => onClose((event as { code: number }).code) } }) });
  clients.push(client);
  return client;
}

/** Collects a subscription's values; `ready` resolves with its first value when `first` is true. */
function collect<T>(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const values: T[] = [];
  const errors: unknown[] = [];
  let done = false;
  const stop = client.subscribe<T>({ query, variables }, { next: (value) => void (value.errors ? errors.push(value.errors) : values.push(value.data as T)), error: (error) => void errors.push(error), complete: () => void (done = true) });
  return { values, errors, stop, isDone: () => done };
}

describe('the chat calls of the REST facade', () => {
  it('sends and pages messages in the spec shape, with 400, 401, 403 and 404', async () => {
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
    expect((await post(stranger, '/api/messages', { matchId, senderId: stranger.id, content: 'hi' })).status).toBe(403);
    expect((await post(a, '/api/messages', { matchId: 999_999, senderId: a.id, content: 'hi' })).status).toBe(404);
    expect((await post(null, '/api/messages', { matchId, senderId: a.id, content: 'hi' })).status).toBe(401);

    const page = await get(b, `/api/messages?matchId=${matchId}&limit=1`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ messages: [expect.objectContaining({ content: 'Hi', senderId: b.id })], olderCursor: '2' });
    const older = await get(b, `/api/messages?matchId=${matchId}&limit=1&before=${page.body.olderCursor}`);
    expect(older.body).toEqual({ messages: [expect.objectContaining({ content: 'Hello' })], olderCursor: null });
    expect((await get(stranger, `/api/messages?matchId=${matchId}`)).status).toBe(403);
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
    await eventually(() => expect(JSON.stringify(intruder.errors)).toContain('FORBIDDEN'));
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
    let closedWith: number | undefined;
    const unread = collect(browser(b, (code) => (closedWith = code)), 'subscription { unreadTotal }');
    await eventually(() => expect(unread.values.length).toBe(1));
    if (how === 'a password reset') {
      expect((await post(null, '/api/forgot-password', { email: b.person.email })).status).toBe(200);
      const token = await eventually(() => resetTokenOf(b.person.email));
      expect((await post(null, '/api/reset-password', { token, password: 'new-moonlight' })).status).toBe(200);
    } else {
      expect((await api().delete('/api/account').set('Cookie', b.cookie).set('Origin', stack.url).set('Content-Type', 'application/json').send('{}')).status).toBe(200);
    }
    await eventually(() => expect(closedWith).toBe(4401));
    expect((await get(b, '/api/auth/user')).status).toBe(401);
  });
});
