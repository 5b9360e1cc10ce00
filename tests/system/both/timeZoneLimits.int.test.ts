import { isNightTime, quotaNight } from '@nocturne/contracts';
import { onEveryStack, type Member, type StackUnderTest } from '../support';

// Limits count what the person did, never a setting the person can change: a time zone asked for takes
// effect at the next 8:00 PM of the zone in force, so moving the clock opens no window and no second quota.
// Over HTTP through the gateway, on the embedded stack and on the real servers.

/** Zones without daylight saving in November, spread round the globe: at any moment some are at night, some not. */
const ZONES = ['Pacific/Honolulu', 'America/Los_Angeles', 'America/New_York', 'America/Sao_Paulo', 'Atlantic/Reykjavik', 'Africa/Lagos', 'Africa/Nairobi', 'Asia/Dubai', 'Asia/Kolkata', 'Asia/Bangkok', 'Asia/Tokyo', 'Australia/Brisbane', 'Pacific/Auckland', 'Pacific/Kiritimati'];
/** Zones whose swipe window is open (or closed) now and for the next few minutes, whatever the time of the run. */
const zonesWhereWindow = (open: boolean) => {
  const now = new Date();
  const soon = new Date(now.getTime() + 10 * 60_000);
  return ZONES.filter((zone) => isNightTime(now, zone) === open && isNightTime(soon, zone) === open);
};
/** Two zones in which this moment belongs to different quota nights (so a fresh night would start if the change applied). */
const zonesOfDifferentNights = (from: string) => {
  const now = new Date();
  return ZONES.filter((zone) => quotaNight(now, zone) !== quotaNight(now, from));
};

jest.setTimeout(300_000);

onEveryStack('limits across time-zone changes', (start) => {
  const stacks: Partial<Record<'nightly' | 'always', StackUnderTest>> = {};
  afterAll(async () => {
    for (const stack of Object.values(stacks)) await stack.stop();
  });
  const stackOf = async (window: 'nightly' | 'always') => (stacks[window] ??= await start({ name: `time-zones-${window}`, env: { SWIPE_WINDOW: window } }));

  const member = async (window: 'nightly' | 'always', gender = 'Female'): Promise<Member> => {
    const person = await (await stackOf(window)).signUp();
    expect((await person.patch(`/api/user/${person.id}`, { gender, kinks: ['Praise'], interests: ['Art'] })).status).toBe(200);
    expect((await person.post('/api/update-location', { latitude: 52.52, longitude: 13.405 })).status).toBe(200);
    return person;
  };
  const setZone = async (who: Member, zone: string) => {
    const res = await who.graphql('mutation ($zone: String!) { setTimeZone(zone: $zone) { id } }', { zone });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
  };
  /** 31 people to like, made once and shared by the tests of the quota (each with a liker of its own). */
  let pool: Promise<Member[]> | undefined;
  const likeable = () =>
    (pool ??= (async () => {
      const people: Member[] = [];
      while (people.length < 31) people.push(...(await Promise.all(Array.from({ length: 4 }, () => member('always')))));
      return people.slice(0, 31);
    })());
  const like = (who: Member, other: Member) => who.post('/api/swipes', { swiperId: who.id, swipedId: other.id, isLike: true, timestamp: new Date().toISOString() });
  const send = (who: Member, matchId: number, content: string) => who.post('/api/messages', { matchId, senderId: who.id, content });

  it('keeps a swipe refused outside the window refused after the zone is moved to one where it is night', async () => {
    const [closed, open] = [zonesWhereWindow(false)[0]!, zonesWhereWindow(true)[0]!];
    const [a, b, control] = [await member('nightly'), await member('nightly', 'Male'), await member('nightly', 'Male')];
    await setZone(a, closed);
    expect((await like(a, b)).body).toMatchObject({ code: 'window-closed' });
    await setZone(a, open);
    const again = await like(a, b);
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: 'window-closed' });
    const window = await a.get('/api/swipe-window');
    expect(window.body).toMatchObject({ open: false, timeZone: closed });
    const changes = await a.graphql('{ swipeWindow { timeZone nextTimeZone timeZoneChangesAt opensAt } }');
    expect(changes.body.data.swipeWindow).toEqual({ timeZone: closed, nextTimeZone: open, timeZoneChangesAt: window.body.opensAt, opensAt: window.body.opensAt });
    // A first zone applies at once: the window of a person who never set one opens with it.
    await setZone(control, open);
    expect((await like(control, b)).status).toBe(200);
  });

  it("keeps the night's like quota spent after the zone is moved to one in another quota night", async () => {
    const liker = await member('always', 'Male');
    const first = ZONES[0]!;
    await setZone(liker, first);
    const others = await likeable();
    for (const other of others.slice(0, 30)) expect((await like(liker, other)).status).toBe(200);
    expect((await like(liker, others[30]!)).body).toMatchObject({ code: 'likes-limit' });
    for (const zone of zonesOfDifferentNights(first).slice(0, 3)) {
      await setZone(liker, zone);
      const refused = await like(liker, others[30]!);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'likes-limit' });
    }
    expect((await liker.get('/api/quota')).body).toMatchObject({ likesUsed: 30, likesRemaining: 0 });
  });

  it('keeps the likes spent before a first zone was set, when that zone would start another night', async () => {
    const liker = await member('always', 'Male');
    const others = await likeable();
    for (const other of others.slice(0, 30)) expect((await like(liker, other)).status).toBe(200);
    await setZone(liker, zonesOfDifferentNights('UTC')[0]!);
    expect((await like(liker, others[30]!)).body).toMatchObject({ code: 'likes-limit' });
  });

  it('keeps the free plan to one conversation a night however often the zone moves', async () => {
    const free = await member('always', 'Male');
    await setZone(free, ZONES[0]!);
    const matches: number[] = [];
    for (let i = 0; i < 4; i++) {
      const other = await member('always');
      expect((await like(free, other)).status).toBe(200);
      const second = await like(other, free);
      expect(second.body.isMatch).toBe(true);
      matches.push(second.body.matchId as number);
    }
    expect((await send(free, matches[0]!, 'Hello')).status).toBe(201);
    const zones = zonesOfDifferentNights(ZONES[0]!);
    for (const [index, matchId] of matches.slice(1).entries()) {
      await setZone(free, zones[index % zones.length]!);
      const refused = await send(free, matchId, 'Hello');
      expect(refused.status).toBe(403);
    }
    expect((await send(free, matches[0]!, 'Still here')).status).toBe(201);
  });
});
