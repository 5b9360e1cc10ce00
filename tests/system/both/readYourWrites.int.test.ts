import { onEveryStack, type Member, type StackUnderTest } from '../support';

// What the API just confirmed is usable at once, in every service: each call below follows the answer it
// depends on with no pause, through the gateway as a client with curl would, on the embedded stack and on
// the real servers (Kafka between the services there).

jest.setTimeout(180_000);

onEveryStack('read-your-writes across services', (start) => {
  let stack: StackUnderTest;
  beforeAll(async () => {
    stack = await start({ name: 'read-your-writes' });
  }, 180_000);
  afterAll(() => stack?.stop());

  /** Signed up, onboarded and placed in Berlin, each call right after the answer of the one before. */
  const member = async (gender = 'Female'): Promise<Member> => {
    const person = await stack.signUp();
    const onboarded = await person.patch(`/api/user/${person.id}`, { gender, kinks: ['Praise'], interests: ['Art'], bio: 'Up late.' });
    expect(onboarded.status).toBe(200);
    expect((await person.post('/api/update-location', { latitude: 52.52, longitude: 13.405 })).status).toBe(200);
    return person;
  };
  const like = (who: Member, other: Member) => who.post('/api/swipes', { swiperId: who.id, swipedId: other.id, isLike: true, timestamp: new Date().toISOString() });
  const send = (who: Member, matchId: number, content: string) => who.post('/api/messages', { matchId, senderId: who.id, content });
  const matchOf = async (a: Member, b: Member): Promise<number> => {
    expect((await like(a, b)).status).toBe(200);
    const second = await like(b, a);
    expect(second.status).toBe(200);
    expect(second.body.isMatch).toBe(true);
    return second.body.matchId as number;
  };

  it('onboards a person the moment they signed up, and another likes them the moment they finished onboarding', async () => {
    const b = await member('Male');
    const a = await stack.signUp();
    expect((await a.patch(`/api/user/${a.id}`, { gender: 'Female', kinks: ['Praise'], interests: ['Art'] })).status).toBe(200);
    const liked = await like(b, a);
    expect(liked.status).toBe(200);
    expect(liked.body).toMatchObject({ isMatch: false });
  });

  it('takes a message in a match the moment the like answered isMatch, from either person', async () => {
    const [a, b] = [await member(), await member('Male')];
    expect((await like(a, b)).status).toBe(200);
    const second = await like(b, a);
    expect(second.body).toMatchObject({ isMatch: true, matchId: expect.any(Number) });
    const fromB = await send(b, second.body.matchId, 'You are up late too');
    expect(fromB.status).toBe(201);
    expect((await send(a, second.body.matchId, 'Always')).status).toBe(201);
  });

  it('refuses a message the moment the other person blocked the sender', async () => {
    const [a, b] = [await member(), await member('Male')];
    const matchId = await matchOf(a, b);
    expect((await a.post('/api/blocks', { userId: b.id })).status).toBeLessThan(300);
    const afterBlock = await send(b, matchId, 'Still there?');
    expect(afterBlock.status).toBe(404);
    expect((await b.get(`/api/messages?matchId=${matchId}`)).status).toBe(404);
  });

  it('lets a free member who just chose Plus write in a second conversation the same night', async () => {
    const [a, b, c] = [await member(), await member('Male'), await member('Male')];
    const [first, second] = [await matchOf(a, b), await matchOf(a, c)];
    expect((await send(a, first, 'Hello')).status).toBe(201);
    expect((await send(a, second, 'Hello')).status).toBe(403);
    expect((await a.post('/api/plan', { plan: 'plus' })).status).toBe(200);
    expect((await send(a, second, 'Hello again')).status).toBe(201);
  });

  it("takes a super-like the moment Plus was chosen, and refuses the next the moment the plan went back to free", async () => {
    const [a, b, c] = [await member('Male'), await member(), await member()];
    const superLike = (other: Member) => a.post('/api/swipes', { swiperId: a.id, swipedId: other.id, isLike: true, isSuperLike: true, timestamp: new Date().toISOString() });
    expect((await a.post('/api/plan', { plan: 'plus' })).status).toBe(200);
    expect((await superLike(b)).status).toBe(200);
    expect((await a.post('/api/plan', { plan: 'free' })).status).toBe(200);
    const refused = await superLike(c);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('super-likes-used');
  });

  it('counts 45 likes sent at once by a free member against the night: 30 taken, 15 refused for the limit, none for a conflict', async () => {
    const liker = await member('Male');
    const others: Member[] = [];
    // Made a few at a time: the stand-in database of the real servers is slow with many at once.
    while (others.length < 45) others.push(...(await Promise.all(Array.from({ length: 5 }, () => member()))));
    const answers = await Promise.all(others.map((other) => like(liker, other)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(answers.filter((answer) => answer.status === 403 && answer.body.code === 'likes-limit')).toHaveLength(15);
    const quota = await liker.get('/api/quota');
    expect(quota.body).toMatchObject({ likesUsed: 30, likesRemaining: 0 });
  });
});
