import { eventually } from '@nocturne/platform/testing';
import { startInProcessStack, type InProcessStack, type Member } from '../support';

// The list of matches in the server's order, and block and report as two separate acts, through the whole embedded stack.
let stack: InProcessStack;

beforeAll(async () => {
  stack = await startInProcessStack('matches-and-safety', { env: { SWIPE_WINDOW: 'always' } });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

jest.setTimeout(60_000);

/** Onboarded, with no position shared. */
const member = () => stack.member({ position: null });
const post = (who: Member | null, url: string, body: object) => (who ?? stack.client()).post(url, body);
type Answer = { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: { code?: string; field?: string } }> };
const graphql = async (who: Member | null, query: string, variables: Record<string, unknown> = {}) => (await post(who, '/graphql', { query, variables })).body as Answer;
const swipe = (who: Member, swipedId: number) => post(who, '/api/swipes', { swiperId: who.id, swipedId, isLike: true });

/** `a` and `b` like each other; answers the match id once the conversation is open. */
async function match(a: Member, b: Member): Promise<number> {
  await eventually(async () => expect((await swipe(a, b.id)).status).toBe(200));
  const matchId = await eventually(async () => {
    const res = await swipe(b, a.id);
    expect(res.body.isMatch).toBe(true);
    return res.body.matchId as number;
  });
  await eventually(async () => expect((await a.get(`/api/messages?matchId=${matchId}`)).status).toBe(200));
  return matchId;
}

const LIST = '{ conversations { matchId unreadCount lastActivityAt lastMessage { content } match { id createdAt otherUser { id name } } } }';

describe('the list of matches', () => {
  it('comes in the order of the latest activity (the last message, else the match), the same for every device, with each match and its person', async () => {
    const me = await member();
    const [first, second, third] = [await member(), await member(), await member()];
    const firstMatch = await match(me, first);
    const secondMatch = await match(me, second);
    const thirdMatch = await match(me, third);
    const order = async (who: Member) => {
      const answer = await graphql(who, LIST);
      expect(answer.errors).toBeUndefined();
      return (answer.data!.conversations as Array<{ matchId: number }>).map((row) => row.matchId);
    };
    expect(await order(me)).toEqual([thirdMatch, secondMatch, firstMatch]);

    // The oldest match writes: it comes first, with its message and its time.
    expect((await post(first, '/api/messages', { matchId: firstMatch, senderId: first.id, content: 'Still up?' })).status).toBe(201);
    expect(await order(me)).toEqual([firstMatch, thirdMatch, secondMatch]);
    const rows = (await graphql(me, LIST)).data!.conversations as Array<{ matchId: number; unreadCount: number; lastActivityAt: string; lastMessage: { content: string } | null; match: { id: number; createdAt: string; otherUser: { id: number } } }>;
    expect(rows[0]).toEqual({ matchId: firstMatch, unreadCount: 1, lastActivityAt: expect.any(String), lastMessage: { content: 'Still up?' }, match: { id: firstMatch, createdAt: expect.any(String), otherUser: { id: first.id, name: expect.any(String) } } });
    expect(rows[0]!.lastActivityAt > rows[1]!.lastActivityAt).toBe(true);

    // Each person sees only their own conversations; nobody signed out sees any.
    expect(await order(first)).toEqual([firstMatch]);
    expect((await graphql(null, LIST)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    // An unmatch takes it off the list at once.
    expect((await graphql(me, 'mutation ($m: Int!) { unmatch(matchId: $m) }', { m: thirdMatch })).errors).toBeUndefined();
    expect(await order(me)).toEqual([firstMatch, secondMatch]);
  });
});
