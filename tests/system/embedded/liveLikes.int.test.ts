import type { Client } from 'graphql-ws';
import { eventually } from '@nocturne/platform/testing';
import { browserClient, startInProcessStack, type InProcessStack, type Member } from '../support';

// `likeReceived` through the gateway: who hears a like, what the free plan learns of it, and nothing
// between blocked people.
let stack: InProcessStack;
const clients: Client[] = [];

beforeAll(async () => {
  stack = await startInProcessStack('live-likes', { env: { SWIPE_WINDOW: 'always' } });
}, 60_000);

afterAll(async () => {
  for (const client of clients) await client.dispose();
  await stack?.stop();
});

jest.setTimeout(60_000);

const member = () => stack.member({ position: null });
const post = (who: Member, url: string, body: object) => who.post(url, body);
const swipe = (who: Member, swipedId: number, kind: 'like' | 'pass' | 'superlike' = 'like') =>
  post(who, '/graphql', { query: 'mutation ($id: Int!, $kind: SwipeKind!) { swipe(input: { swipedId: $id, kind: $kind }) { isMatch } }', variables: { id: swipedId, kind: kind.toUpperCase() } });

interface Heard {
  likeReceived: { visible: boolean; like: { superLike: boolean; likedAt: string; user: { id: number } } | null };
}

/** A browser's graphql-ws client, connecting with its first subscription as the app's does. */
function browser(who: Member, onClose?: (code: number) => void): Client {
  const client = browserClient(who, { lazy: true, ...(onClose && { onClosed: onClose }) });
  clients.push(client);
  return client;
}

/** Listens to `likeReceived` (asking for everything a liker could be known by) until stopped. */
async function listen(who: Member, onClose?: (code: number) => void) {
  const client = browser(who, onClose);
  const values: Heard[] = [];
  let done = false;
  const stop = client.subscribe<Heard>(
    { query: 'subscription { likeReceived { visible like { superLike likedAt user { id } } } }' },
    { next: (result) => values.push(result.data as Heard), error: () => (done = true), complete: () => (done = true) },
  );
  // The unread stream's first value says the socket is up; the likes stream was asked for before it.
  const probe: unknown[] = [];
  const stopProbe = client.subscribe({ query: 'subscription { unreadTotal }' }, { next: (value) => probe.push(value), error: () => undefined, complete: () => undefined });
  await eventually(() => expect(probe.length).toBe(1));
  stopProbe();
  return { values, stop, isDone: () => done };
}

describe('likeReceived', () => {
  it('is heard by the liked person alone, and on the free plan says nothing of who liked', async () => {
    const [liker, liked, bystander] = [await member(), await member(), await member()];
    const [toLiked, toLiker, toBystander] = [await listen(liked), await listen(liker), await listen(bystander)];
    // A pass is no like: nothing is heard of it.
    await eventually(async () => expect((await swipe(liker, liked.id, 'pass')).body).toEqual({ data: { swipe: { isMatch: false } } }));
    const lateLiker = await member();
    await eventually(async () => expect((await swipe(lateLiker, liked.id)).body).toEqual({ data: { swipe: { isMatch: false } } }));

    await eventually(() => expect(toLiked.values).toEqual([{ likeReceived: { visible: false, like: null } }]));
    expect(toLiker.values).toEqual([]);
    expect(toBystander.values).toEqual([]);
  });

  it('names the liker to a plan that shows likers, and stays silent for a like that makes a match', async () => {
    const [liker, liked] = [await member(), await member()];
    expect((await post(liked, '/api/plan', { plan: 'plus', billing: 'weekly' })).status).toBe(200);
    const heard = await listen(liked);
    const toLiker = await listen(liker);
    await eventually(async () => expect((await swipe(liker, liked.id, 'like')).body).toEqual({ data: { swipe: { isMatch: false } } }));
    await eventually(() => expect(heard.values).toEqual([{ likeReceived: { visible: true, like: { superLike: false, likedAt: expect.any(String), user: { id: liker.id } } } }]));

    // The like back is a match: chat's matchCreated tells both; no like is announced to the first liker.
    expect((await swipe(liked, liker.id)).body).toEqual({ data: { swipe: { isMatch: true } } });
    const third = await member();
    expect((await swipe(third, liker.id)).body).toEqual({ data: { swipe: { isMatch: false } } });
    await eventually(() => expect(toLiker.values).toEqual([{ likeReceived: { visible: false, like: null } }]));
  });

  it('carries nothing between blocked people, whichever of the two blocked', async () => {
    const [liked, blockedByLiked, blockerOfLiked, stranger] = [await member(), await member(), await member(), await member()];
    expect((await post(liked, '/api/plan', { plan: 'plus', billing: 'weekly' })).status).toBe(200);
    expect((await post(liked, '/api/blocks', { userId: blockedByLiked.id })).status).toBe(201);
    expect((await post(blockerOfLiked, '/api/blocks', { userId: liked.id })).status).toBe(201);
    const heard = await listen(liked);

    expect((await swipe(blockedByLiked, liked.id)).body).toMatchObject({ errors: [{ extensions: { code: 'NOT_FOUND' } }] });
    expect((await swipe(blockerOfLiked, liked.id, 'superlike')).body).toMatchObject({ errors: [{ extensions: { code: 'NOT_FOUND' } }] });
    // A like from someone else arrives, and it is the only one.
    await eventually(async () => expect((await swipe(stranger, liked.id)).body).toEqual({ data: { swipe: { isMatch: false } } }));
    await eventually(() => expect(heard.values.map((value) => value.likeReceived.like?.user.id)).toEqual([stranger.id]));
  });

  it('ends with the session', async () => {
    const liked = await member();
    let closedWith: number | undefined;
    const heard = await listen(liked, (code) => (closedWith = code));
    expect((await post(liked, '/api/auth/signout', {})).status).toBeLessThan(300);
    await eventually(() => expect(closedWith).toBe(4401));
    expect(heard.isDone()).toBe(true);
  });
});
