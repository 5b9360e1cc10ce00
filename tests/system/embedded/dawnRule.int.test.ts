import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { instantOf, localTime } from '@nocturne/contracts';
import type { Client } from 'graphql-ws';
import { eventually } from '@nocturne/platform/testing';
import { browserClient, collect, liftedSignUpLimits, startInProcessStack, type InProcessStack, type Member } from '../support';

// The dawn rule and Time-Freeze (decisions.md "The dawn rule") over HTTP through the gateway. Time is the
// services' clock: real time shifted to a chosen evening and moved forward by the test, never waited for.

const BERLIN = 'Europe/Berlin';
/** The services' clock: real time plus what the test moved it by (forward only: the sessions run on it too). */
let offsetMs = 2 * 24 * 3600_000;
const clock = () => new Date(Date.now() + offsetMs);
const setNow = (instant: Date) => {
  const by = instant.getTime() - clock().getTime();
  if (by < 0) throw new Error('the test clock only moves forward');
  offsetMs += by;
};

type LocalDate = { year: number; month: number; day: number };
const plusDays = ({ year, month, day }: LocalDate, days: number): LocalDate => {
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};
/** A Berlin evening after the clock's now: 21:00 on a day of its own, and the wall clock of the days after it. */
function nextBerlinEvening() {
  const today = localTime(clock(), BERLIN);
  const day = plusDays(today, 1);
  const at = (days: number, hour: number, minute = 0) => instantOf({ ...plusDays(day, days), hour, minute }, BERLIN);
  setNow(at(0, 21));
  return at;
}

let stack: InProcessStack;
const clients: Client[] = [];
/** The data directory a stack is stopped and started again on. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'nocturne-dawn-rule-restart-'));

beforeAll(async () => {
  stack = await startInProcessStack('dawn-rule', { clock, env: { ...liftedSignUpLimits, SWIPE_WINDOW: 'always', CHAT_DAWN_ROUND_MS: '100' } });
}, 60_000);

afterAll(async () => {
  for (const client of clients) await client.dispose();
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

jest.setTimeout(120_000);

const graphql = async (who: Member, query: string, variables: Record<string, unknown> = {}) => {
  const res = await who.post('/graphql', { query, variables });
  expect(res.status).toBe(200);
  return res.body as { data?: Record<string, never>; errors?: Array<{ message: string; extensions?: { code?: string; reason?: string } }> };
};
async function member(at: InProcessStack = stack, zone = BERLIN): Promise<Member> {
  const who = await at.member({ position: null });
  const set = await graphql(who, 'mutation ($zone: String!) { setTimeZone(zone: $zone) { id } }', { zone });
  expect(set.errors).toBeUndefined();
  return who;
}
/** Two people who liked each other; answers the match id once both services know of it. */
async function match(a: Member, b: Member): Promise<number> {
  expect((await a.post('/api/swipes', { swiperId: a.id, swipedId: b.id, isLike: true })).status).toBe(200);
  const liked = await b.post('/api/swipes', { swiperId: b.id, swipedId: a.id, isLike: true });
  expect(liked.body.isMatch).toBe(true);
  const matchId = liked.body.matchId as number;
  await eventually(async () => expect((await a.get(`/api/messages?matchId=${matchId}`)).status).toBe(200));
  return matchId;
}
type Row = { matchId: number; fadesAt: string | null; fadesAtDawn: boolean };
const conversations = async (who: Member): Promise<Row[]> => {
  const res = await graphql(who, '{ conversations { matchId fadesAt fadesAtDawn } }');
  expect(res.errors).toBeUndefined();
  return (res.data as unknown as { conversations: Row[] }).conversations;
};
const rowOf = async (who: Member, matchId: number) => (await conversations(who)).find((row) => row.matchId === matchId);
const matchIds = async (who: Member): Promise<number[]> => {
  const res = await who.get(`/api/matches/${who.id}`);
  expect(res.status).toBe(200);
  return (res.body as Array<{ id: number }>).map((row) => row.id);
};
const freeze = (who: Member, matchId: number) => who.post('/api/time-freezes', { matchId });

describe('the dawn rule', () => {
  it('fades a match nobody wrote in at 04:00 once the night after it has ended, from both lists, ending its live streams', async () => {
    const at = nextBerlinEvening();
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    const silent = await match(a, b);
    const written = await match(c, d);
    expect((await c.post('/api/messages', { matchId: written, senderId: c.id, content: 'Hello' })).status).toBe(201);

    // Matched at 21:00: the rest of this night, the whole next one, and it fades at 04:00 two days on.
    const dawn = at(2, 4).toISOString();
    expect(await rowOf(a, silent)).toEqual({ matchId: silent, fadesAt: dawn, fadesAtDawn: false });
    expect(await rowOf(c, written)).toEqual({ matchId: written, fadesAt: null, fadesAtDawn: false });
    const browser = browserClient(a, { lazy: true });
    clients.push(browser);
    const stream = collect(browser, 'subscription ($matchId: Int!) { messageSent(matchId: $matchId) { id } }', { matchId: silent });

    // Past 04:00 the next morning and through the day it is not yet in its last night.
    setNow(at(1, 19, 59));
    expect(await rowOf(b, silent)).toMatchObject({ fadesAtDawn: false });
    // Its last night: marked for both.
    setNow(at(1, 20));
    expect(await rowOf(a, silent)).toMatchObject({ fadesAt: dawn, fadesAtDawn: true });
    expect(await rowOf(b, silent)).toMatchObject({ fadesAt: dawn, fadesAtDawn: true });
    expect(await matchIds(b)).toContain(silent);

    setNow(at(2, 4));
    await eventually(async () => {
      expect(await matchIds(a)).not.toContain(silent);
      expect(await matchIds(b)).not.toContain(silent);
    });
    expect(await rowOf(a, silent)).toBeUndefined();
    expect(await rowOf(b, silent)).toBeUndefined();
    await eventually(() => expect(stream.isDone()).toBe(true));
    // Refused as an ended match, and it spent nothing: the free plan's one chat of the night is still free.
    const late = await a.post('/api/messages', { matchId: silent, senderId: a.id, content: 'Too late?' });
    expect(late.status).toBe(404);
    expect(late.body).toMatchObject({ error: 'This match has ended' });
    const other = await match(a, await member());
    expect((await a.post('/api/messages', { matchId: other, senderId: a.id, content: 'Still here' })).status).toBe(201);
    // A match somebody wrote in never fades, and what was written stays.
    expect(await matchIds(d)).toContain(written);
    expect((await d.get(`/api/messages?matchId=${written}`)).body.messages).toEqual([expect.objectContaining({ content: 'Hello' })]);
  });

  it("follows the earlier of the two people's clocks", async () => {
    const at = nextBerlinEvening();
    const [berlin, newYork] = [await member(), await member(stack, 'America/New_York')];
    const matchId = await match(berlin, newYork);
    // 21:00 in Berlin is 15:00 in New York, still the New York night before: its next night ends at 04:00 New York.
    const newYorkDay = localTime(at(0, 21), 'America/New_York');
    const expected = instantOf({ ...plusDays(newYorkDay, 1), hour: 4 }, 'America/New_York').toISOString();
    expect(await rowOf(berlin, matchId)).toMatchObject({ fadesAt: expected });
    expect(await rowOf(newYork, matchId)).toMatchObject({ fadesAt: expected });
  });
});

describe('Time-Freeze', () => {
  it('keeps a fading match one more night for Max, seven a month however many ask at once, and prompts everyone else', async () => {
    const at = nextBerlinEvening();
    const owner = await member();
    expect((await owner.post('/api/plan', { plan: 'max' })).status).toBe(200);
    const others = await Promise.all(Array.from({ length: 9 }, () => member()));
    const matches: number[] = [];
    for (const other of others) matches.push(await match(owner, other));
    const freeOne = others[0]!;
    const ownerMatches = matches;

    // Not fading yet: nothing to keep.
    const early = await freeze(owner, matches[0]!);
    expect(early.status).toBe(409);
    // Someone else's match is no match at all; bad input and no session are refused before anything counts.
    const stranger = await member();
    expect((await freeze(stranger, matches[0]!)).body).toEqual((await freeze(stranger, 999_999_999)).body);
    expect((await freeze(stranger, matches[0]!)).status).toBe(404);
    expect((await owner.post('/api/time-freezes', { matchId: 'one' })).status).toBe(400);
    expect((await stack.client().post('/api/time-freezes', { matchId: matches[0] })).status).toBe(401);

    setNow(at(1, 22));
    // Without Max: the upgrade prompt's reason, and nothing changes.
    const refused = await freeze(freeOne, matches[0]!);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'time-freeze', error: 'Time-Freeze tokens come with Max' });
    expect(await rowOf(freeOne, matches[0]!)).toMatchObject({ fadesAt: at(2, 4).toISOString(), fadesAtDawn: true });

    // Nine at once: never more than seven kept.
    const answers = await Promise.all(ownerMatches.map((matchId) => freeze(owner, matchId)));
    const kept = answers.filter((answer) => answer.status === 200);
    expect(kept.length).toBeLessThanOrEqual(7);
    for (const answer of answers.filter((each) => each.status !== 200)) expect([403, 409]).toContain(answer.status);
    // Those that lost a race for the token stream try again one at a time, until the allowance is spent.
    for (const [i, answer] of answers.entries()) {
      if (answer.status === 200 || kept.length >= 7) continue;
      const again = await freeze(owner, ownerMatches[i]!);
      expect(again.status).toBe(200);
      kept.push(again);
    }
    expect(kept).toHaveLength(7);
    expect(kept[0]!.body).toEqual({ matchId: expect.any(Number), fadesAt: at(3, 4).toISOString(), timeFreezesLeft: expect.any(Number) });
    const tokens = await graphql(owner, '{ timeFreezes { total left renewsAt } }');
    expect((tokens.data as unknown as { timeFreezes: unknown }).timeFreezes).toMatchObject({ total: 7, left: 0 });
    const keptIds = kept.map((answer) => answer.body.matchId as number);
    const notKept = ownerMatches.filter((matchId) => !keptIds.includes(matchId));
    expect(notKept).toHaveLength(2);
    const none = await freeze(owner, notKept[0]!);
    expect(none.status).toBe(403);
    expect(none.body).toMatchObject({ code: 'time-freeze' });

    // The dawn: the kept ones stay a night longer, for both people; the others fade.
    setNow(at(2, 4, 1));
    await eventually(async () => expect((await matchIds(owner)).sort()).toEqual([...keptIds].sort()));
    const other = others[matches.indexOf(keptIds[0]!)]!;
    expect(await rowOf(other, keptIds[0]!)).toMatchObject({ fadesAt: at(3, 4).toISOString(), fadesAtDawn: false });
    setNow(at(3, 4));
    await eventually(async () => expect(await matchIds(owner)).toEqual([]));
  });

  it('spends one token when both people keep the same match at once', async () => {
    const at = nextBerlinEvening();
    const [a, b] = [await member(), await member()];
    for (const who of [a, b]) expect((await who.post('/api/plan', { plan: 'max' })).status).toBe(200);
    const matchId = await match(a, b);
    setNow(at(1, 23));
    const answers = await Promise.all([freeze(a, matchId), freeze(b, matchId), freeze(a, matchId)]);
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(await rowOf(a, matchId)).toMatchObject({ fadesAt: at(3, 4).toISOString() });
    const left = async (who: Member) => ((await graphql(who, '{ timeFreezes { left } }')).data as unknown as { timeFreezes: { left: number } }).timeFreezes.left;
    expect((await left(a)) + (await left(b))).toBe(13);
  });
});

describe('the dawn rule across a restart', () => {
  it('fades a match whose dawn passed while the stack was stopped as soon as it starts again', async () => {
    let kept: InProcessStack | undefined = await startInProcessStack('dawn-rule-restart', { clock, dataDir, env: { ...liftedSignUpLimits, SWIPE_WINDOW: 'always', CHAT_DAWN_ROUND_MS: '100' } });
    try {
      const at = nextBerlinEvening();
      const [a, b] = [await member(kept), await member(kept)];
      const matchId = await match(a, b);
      await kept.stop();
      kept = undefined;
      setNow(at(2, 5));
      kept = await startInProcessStack('dawn-rule-restart', { clock, dataDir, env: { ...liftedSignUpLimits, SWIPE_WINDOW: 'always', CHAT_DAWN_ROUND_MS: '100' } });
      const [again, otherAgain] = [kept.client(a.cookie!), kept.client(b.cookie!)];
      await eventually(async () => {
        for (const [who, id] of [[again, a.id], [otherAgain, b.id]] as const) {
          const res = await who.get(`/api/matches/${id}`);
          expect(res.status).toBe(200);
          expect((res.body as Array<{ id: number }>).map((row) => row.id)).not.toContain(matchId);
        }
      });
    } finally {
      await kept?.stop();
    }
  });
});
