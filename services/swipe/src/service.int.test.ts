import { randomUUID } from 'node:crypto';
import { AuthEvents, ProfileEvents, snapToGrid, SwipeEvents, Topics, type IntegrationEvent } from '@nocturne/contracts';
import { createAdapters, type Adapters } from '@nocturne/platform/adapters';
import { INTERNAL_CONTEXT_HEADER, signGraphqlRequest } from '@nocturne/platform/http';
import { createLogger } from '@nocturne/platform/logging';
import type { DeliveredMessage } from '@nocturne/platform/ports';
import { eventually } from '@nocturne/platform/testing';
import { defaultSwipeConfig, type SwipeConfig } from './config';
import { swipeService } from './service';
import type { ServiceInstance } from '@nocturne/platform/kit';

const secret = 'swipe-int-test-secret-0123456789';
const logger = createLogger('swipe', { env: { LOG_LEVEL: 'silent' } });
type Json = ReturnType<typeof JSON.parse>;
interface Answer {
  data?: Record<string, Json> | null;
  errors?: Array<{ message: string; extensions?: { code?: string; reason?: string; field?: string } }>;
}

// 21:30 in Berlin on a November evening: the window is open.
let now = new Date('2026-11-23T20:30:00.000Z');

class Harness {
  adapters!: Adapters;
  instances: ServiceInstance[] = [];
  urls: string[] = [];

  async start(options: { window?: 'always'; instances?: number } = {}) {
    this.adapters = await createAdapters({ service: 'swipe', dataDir: null, env: {}, logger });
    // Tests poll the deck while events arrive: the per-person limits are the stack suites' (crawlLimits.int.test.ts).
    const config: SwipeConfig = { ...defaultSwipeConfig, port: 0, internalSecret: secret, deckReadsPerMinute: 1_000_000, passesPerMinute: 1_000_000, ...(options.window && { windowMode: options.window }) };
    for (let i = 0; i < (options.instances ?? 1); i++) {
      const instance = swipeService.create({ adapters: this.adapters, config, logger, clock: () => now });
      this.urls.push((await instance.start()).url);
      this.instances.push(instance);
    }
  }

  async stop() {
    for (const instance of this.instances) await instance.stop();
    await this.adapters.close();
  }

  async graphql(uid: number | undefined, query: string, variables: Record<string, unknown> = {}, instance = 0): Promise<Answer> {
    const body = JSON.stringify({ query, variables });
    const response = await fetch(this.urls[instance]!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [INTERNAL_CONTEXT_HEADER]: signGraphqlRequest({ ip: '127.0.0.1', ...(uid !== undefined && { uid }) }, secret, body) },
      body,
    });
    return (await response.json()) as Answer;
  }

  async publish(topic: string, type: string, data: Record<string, unknown>) {
    const event: IntegrationEvent = { id: randomUUID(), type, version: 1, occurredAt: now.toISOString(), aggregateId: String(data.userId), data, metadata: {} };
    await this.adapters.bus.publish(topic, [{ key: event.aggregateId, event }]);
  }

  /** A person as auth and profile announce them: registered, onboarded, located, in Berlin's zone. */
  async person(userId: number, options: { gender?: string; age?: number; at?: [number, number] | null; kinks?: string[]; timeZone?: string } = {}) {
    await this.publish(Topics.auth, AuthEvents.UserRegistered.type, { userId, username: `owl${userId}`, name: `Owl ${userId}`, age: options.age ?? 30, registeredAt: now.toISOString() });
    await this.publish(Topics.profile, ProfileEvents.TimeZoneSet.type, { userId, timeZone: options.timeZone ?? 'Europe/Berlin' });
    await this.publish(Topics.profile, ProfileEvents.OnboardingCompleted.type, {
      userId,
      gender: options.gender ?? 'Female',
      bio: null,
      photos: [],
      kinks: options.kinks ?? ['Rope Play'],
      interests: ['Art'],
      completedAt: now.toISOString(),
    });
    if (options.at !== null) {
      const position = snapToGrid(...(options.at ?? [52.52, 13.405]));
      await this.publish(Topics.profile, ProfileEvents.LocationUpdated.type, { userId, ...position, city: null, updatedAt: now.toISOString() });
    }
  }

  async deckIds(viewer: number, restart = false): Promise<number[]> {
    const answer = await this.graphql(viewer, `query ($restart: Boolean) { deck(limit: 50, restart: $restart) { restarted cards { user { id } distanceKm } } }`, { restart });
    expect(answer.errors).toBeUndefined();
    return answer.data!.deck.cards.map((card: Json) => card.user.id);
  }

  swipe(viewer: number, swipedId: number, kind: 'LIKE' | 'PASS' | 'SUPERLIKE', instance = 0) {
    return this.graphql(viewer, `mutation ($input: SwipeInput!) { swipe(input: $input) { isMatch match { id user1Id user2Id otherUser { id } } quota { likesUsed likesRemaining superLikesUsed } } }`, { input: { swipedId, kind } }, instance);
  }
}

const reasonOf = (answer: Answer) => answer.errors?.[0]?.extensions?.reason;

describe('swipe subgraph', () => {
  jest.setTimeout(30_000);
  let harness: Harness;
  beforeEach(() => {
    now = new Date('2026-11-23T20:30:00.000Z');
    harness = new Harness();
  });
  afterEach(() => harness.stop());

  it('shows nobody to a signed-out caller through _entities', async () => {
    await harness.start();
    const query = 'query ($r: [_Any!]!) { _entities(representations: $r) { ... on User { nightOwlScore } } }';
    const anonymous = await harness.graphql(undefined, query, { r: [{ __typename: 'User', id: 1 }] });
    expect(anonymous.errors?.[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    const signedIn = await harness.graphql(2, query, { r: [{ __typename: 'User', id: 1 }] });
    expect(signedIn.errors).toBeUndefined();
  });

  it('shows nothing through _entities of a person who blocked the viewer, whom the viewer blocked, or who was erased, and still shows a visible person', async () => {
    await harness.start();
    for (let id = 1; id <= 5; id++) await harness.person(id);
    await eventually(async () => expect(await harness.deckIds(1)).toHaveLength(4));
    // 21:30 in Berlin: every swipe is night activity, a score of 10 (5 is the score of no activity at all).
    for (const id of [1, 2, 3, 4]) expect((await harness.swipe(id, 5, 'PASS')).errors).toBeUndefined();
    expect((await harness.swipe(5, 1, 'PASS')).errors).toBeUndefined();
    const query = 'query ($r: [_Any!]!) { _entities(representations: $r) { ... on User { id nightOwlScore stats { likes } } } }';
    const seenBy = async (viewer: number, ids: number[]) => (await harness.graphql(viewer, query, { r: ids.map((id) => ({ __typename: 'User', id })) })).data!._entities;
    const shown = (id: number) => ({ id, nightOwlScore: 10, stats: null });
    const blank = (id: number) => ({ id, nightOwlScore: 5, stats: null });
    expect(await seenBy(1, [2, 3, 4, 5])).toEqual([shown(2), shown(3), shown(4), shown(5)]);

    expect((await harness.graphql(1, `mutation { block(userId: 2) }`)).data).toEqual({ block: true });
    expect((await harness.graphql(3, `mutation { block(userId: 1) }`)).data).toEqual({ block: true });
    await harness.publish(Topics.auth, AuthEvents.UserDeleted.type, { userId: 4, deletedAt: now.toISOString() });
    await eventually(async () => expect((await harness.deckIds(5)).sort()).toEqual([2, 3]));
    expect(await seenBy(1, [2, 3, 4, 5, 999])).toEqual([blank(2), blank(3), blank(4), shown(5), blank(999)]);
    // Both ways: the blocked and the blocker see nothing of the viewer either; someone else still sees everyone live.
    expect(await seenBy(2, [1])).toEqual([blank(1)]);
    expect(await seenBy(3, [1])).toEqual([blank(1)]);
    expect(await seenBy(5, [1, 2, 3])).toEqual([shown(1), shown(2), shown(3)]);
    // A person's own stats are still theirs.
    expect((await seenBy(2, [2]))[0]).toEqual({ id: 2, nightOwlScore: 10, stats: { likes: 0 } });
  });

  it('matches two people who like each other, once, and both see the match', async () => {
    await harness.start();
    await harness.person(1);
    await harness.person(2, { gender: 'Male' });
    await eventually(async () => expect(await harness.deckIds(1)).toEqual([2]));
    await eventually(async () => expect(await harness.deckIds(2)).toEqual([1]));
    const first = await harness.swipe(1, 2, 'LIKE');
    expect(first.data!.swipe).toMatchObject({ isMatch: false, match: null, quota: { likesUsed: 1, likesRemaining: 29 } });
    const second = await harness.swipe(2, 1, 'LIKE');
    expect(second.data!.swipe).toMatchObject({ isMatch: true, match: { user1Id: 1, user2Id: 2, otherUser: { id: 1 } } });
    const matches1 = await harness.graphql(1, `{ matches { id otherUser { id } } }`);
    expect(matches1.data!.matches).toEqual([{ id: second.data!.swipe.match.id, otherUser: { id: 2 } }]);
    expect(await harness.deckIds(1)).toEqual([]);
    const stranger = await harness.graphql(3, `query ($id: Int!) { match(id: $id) { id } }`, { id: second.data!.swipe.match.id });
    expect(stranger.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(stranger).toEqual(await harness.graphql(3, `query ($id: Int!) { match(id: $id) { id } }`, { id: 999_999 }));
  });

  it('makes exactly one match when two instances take both likes at the same moment', async () => {
    await harness.start({ instances: 2 });
    const published: DeliveredMessage[] = [];
    await harness.adapters.bus.subscribe({ groupId: 'test-observer', topics: [Topics.swipe, Topics.swipes], handler: async (message) => void published.push(message) });
    for (let id = 1; id <= 20; id++) await harness.person(id, { gender: id % 2 ? 'Female' : 'Male' });
    await eventually(async () => expect(await harness.deckIds(20)).toHaveLength(19), { timeoutMs: 15_000 });
    const pairs = Array.from({ length: 10 }, (_, i) => [2 * i + 1, 2 * i + 2] as const);
    const answers = await Promise.all(pairs.flatMap(([a, b]) => [harness.swipe(a, b, 'LIKE', 0), harness.swipe(b, a, 'LIKE', 1)]));
    expect(answers.flatMap((answer) => answer.errors ?? [])).toEqual([]);
    // Each instance's relay publishes the shared store (at least once); consumers dedupe by event id.
    const matchEvents = () => new Map(published.filter((message) => message.event.type === SwipeEvents.MatchCreated.type).map((message) => [message.event.id, message.event.data as { userIds: number[] }]));
    await eventually(() => expect(matchEvents().size).toBe(10));
    expect(new Set([...matchEvents().values()].map((data) => data.userIds.join('-'))).size).toBe(10);
    // The swipes themselves go to a topic of their own, which no reader of matches has to skip through.
    const topicsOf = (type: string) => new Set(published.filter((message) => message.event.type === type).map((message) => message.topic));
    await eventually(() => expect(new Set(published.filter((message) => message.event.type === SwipeEvents.SwipeRecorded.type).map((message) => message.event.id)).size).toBe(20));
    expect(topicsOf(SwipeEvents.SwipeRecorded.type)).toEqual(new Set([Topics.swipes]));
    expect(topicsOf(SwipeEvents.MatchCreated.type)).toEqual(new Set([Topics.swipe]));
    expect((await harness.graphql(1, `{ matches { otherUser { id } } }`)).data!.matches).toEqual([{ otherUser: { id: 2 } }]);
    // Every pair learns of its match on one of its two answers.
    for (let i = 0; i < 10; i++) expect(answers[2 * i]!.data!.swipe.isMatch || answers[2 * i + 1]!.data!.swipe.isMatch).toBe(true);
  });

  it('gives the free plan 30 likes a night and no super-like, each refusal naming its limit', async () => {
    await harness.start();
    for (let id = 1; id <= 33; id++) await harness.person(id);
    await eventually(async () => expect(await harness.deckIds(1)).toHaveLength(32));
    for (let id = 2; id <= 31; id++) expect((await harness.swipe(1, id, 'LIKE')).errors).toBeUndefined();
    const refused = await harness.swipe(1, 32, 'LIKE');
    expect(refused.errors?.[0]).toMatchObject({ message: "You've used all your likes!", extensions: { code: 'LIMIT_REACHED', reason: 'likes-limit' } });
    expect((await harness.swipe(1, 32, 'PASS')).errors).toBeUndefined();
    expect(reasonOf(await harness.swipe(1, 33, 'SUPERLIKE'))).toBe('super-likes-used');
    // The next night starts again at 20:00 Berlin time.
    now = new Date('2026-11-24T19:00:00.000Z');
    expect((await harness.swipe(1, 32, 'LIKE')).errors).toBeUndefined();
  });

  it('keeps a chosen plan: Plus allows three super-likes a night', async () => {
    await harness.start();
    for (let id = 1; id <= 5; id++) await harness.person(id);
    await eventually(async () => expect(await harness.deckIds(1)).toHaveLength(4));
    const chosen = await harness.graphql(1, `mutation { choosePlan(plan: PLUS, billing: MONTHLY) { plan billing isPremium } }`);
    expect(chosen.data!.choosePlan).toEqual({ plan: 'PLUS', billing: 'MONTHLY', isPremium: true });
    for (const id of [2, 3, 4]) expect((await harness.swipe(1, id, 'SUPERLIKE')).errors).toBeUndefined();
    expect(reasonOf(await harness.swipe(1, 5, 'SUPERLIKE'))).toBe('super-likes-used');
    expect((await harness.graphql(1, `{ membership { plan } }`)).data!.membership.plan).toBe('PLUS');
    // A change of plan holds for the very next swipe, either way (a swipe reads the plan from the deck's row).
    expect(reasonOf(await harness.swipe(2, 3, 'SUPERLIKE'))).toBe('super-likes-used');
    expect((await harness.graphql(2, `mutation { choosePlan(plan: PLUS, billing: MONTHLY) { plan } }`)).data!.choosePlan.plan).toBe('PLUS');
    expect((await harness.swipe(2, 3, 'SUPERLIKE')).errors).toBeUndefined();
    expect((await harness.graphql(2, `mutation { choosePlan(plan: FREE) { plan } }`)).data!.choosePlan.plan).toBe('FREE');
    expect(reasonOf(await harness.swipe(2, 4, 'SUPERLIKE'))).toBe('super-likes-used');
    expect((await harness.swipe(2, 4, 'LIKE')).errors).toBeUndefined();
  });

  it('refuses swipes outside 20:00 to 04:00 on the swiper clock, unless the window is always open', async () => {
    await harness.start();
    await harness.person(1, { timeZone: 'America/New_York' });
    await harness.person(2);
    await eventually(async () => expect(await harness.deckIds(1)).toEqual([2]));
    // 20:30 UTC is 15:30 in New York.
    expect(reasonOf(await harness.swipe(1, 2, 'LIKE'))).toBe('window-closed');
    const window = await harness.graphql(1, `{ swipeWindow { open mode opensAt timeZone } }`);
    expect(window.data!.swipeWindow).toEqual({ open: false, mode: 'NIGHTLY', opensAt: '2026-11-24T01:00:00.000Z', timeZone: 'America/New_York' });
  });

  it('opens the window round the clock with SWIPE_WINDOW=always', async () => {
    await harness.start({ window: 'always' });
    now = new Date('2026-11-23T12:00:00.000Z');
    await harness.person(1);
    await harness.person(2);
    await eventually(async () => expect(await harness.deckIds(1)).toEqual([2]));
    expect((await harness.swipe(1, 2, 'LIKE')).errors).toBeUndefined();
  });

  it('filters the deck on the server and brings passed people back on restart', async () => {
    await harness.start();
    await harness.person(1);
    await harness.person(2, { gender: 'Male', age: 25 });
    await harness.person(3, { gender: 'Female', age: 40 });
    await harness.person(4, { gender: 'Male', age: 70 });
    await harness.person(5, { gender: 'Male', age: 30, at: [48.137, 11.575] });
    await eventually(async () => expect((await harness.deckIds(1)).sort()).toEqual([2, 3]));
    const set = await harness.graphql(1, `mutation { setDeckFilters(input: { gender: "Male", ageMin: 20, ageMax: 80, distance: 200 }) { gender ageMin ageMax distance } }`);
    expect(set.data!.setDeckFilters).toEqual({ gender: 'Male', ageMin: 20, ageMax: 80, distance: 200 });
    expect((await harness.deckIds(1)).sort()).toEqual([2, 4]);
    const advanced = await harness.graphql(1, `mutation { setDeckFilters(input: { kinks: ["Rope Play"] }) { kinks } }`);
    expect(advanced.errors?.[0]?.extensions).toMatchObject({ code: 'LIMIT_REACHED', reason: 'advanced-filters' });
    expect((await harness.swipe(1, 2, 'PASS')).errors).toBeUndefined();
    expect((await harness.swipe(1, 4, 'LIKE')).errors).toBeUndefined();
    expect(await harness.deckIds(1)).toEqual([]);
    expect(await harness.deckIds(1, true)).toEqual([2]);
  });

  it('never lets a kink filter find a kink shown only to people who share it, unless the viewer has it too', async () => {
    await harness.start();
    await harness.person(1, { kinks: ['Praise'] });
    await harness.person(2, { gender: 'Male', kinks: ['Rope Play', 'Brat'] });
    await harness.person(3, { gender: 'Male', kinks: ['Rope Play'] });
    await harness.person(4, { gender: 'Male', kinks: ['Brat', 'Praise'] });
    await harness.publish(Topics.profile, ProfileEvents.KinkVisibilityChanged.type, { userId: 2, audience: 'everyone', perKink: [{ kink: 'Rope Play', audience: 'sharers' }], changedAt: now.toISOString() });
    await harness.publish(Topics.profile, ProfileEvents.KinkVisibilityChanged.type, { userId: 4, audience: 'sharers', perKink: [], changedAt: now.toISOString() });
    await harness.person(5, { gender: 'Male', kinks: [] });
    await eventually(async () => expect((await harness.deckIds(1)).sort()).toEqual([2, 3, 4, 5]));
    expect((await harness.graphql(1, `mutation { choosePlan(plan: MAX) { plan } }`)).errors).toBeUndefined();
    const filterOn = async (kinks: string[]) => {
      expect((await harness.graphql(1, `mutation ($kinks: [String!]) { setDeckFilters(input: { kinks: $kinks }) { kinks } }`, { kinks })).errors).toBeUndefined();
      return (await harness.deckIds(1)).sort();
    };
    expect(await filterOn(['Rope Play'])).toEqual([3]);
    expect(await filterOn(['Brat'])).toEqual([2]);
    // The viewer's own kink: 4 shows it to people who share it, and the viewer does.
    expect(await filterOn(['Praise'])).toEqual([4]);
    const cards = await harness.graphql(1, `{ deck(limit: 50) { cards { user { id } sharedKinks } } }`);
    expect(cards.data!.deck.cards).toEqual([{ user: { id: 4 }, sharedKinks: ['Praise'] }]);

    // Once the viewer has Rope Play too, 2's hidden Rope Play is theirs to find, and marked as shared.
    await harness.publish(Topics.profile, ProfileEvents.ProfileUpdated.type, { userId: 1, gender: 'Female', bio: null, photos: [], kinks: ['Praise', 'Rope Play'], interests: ['Art'], updatedAt: now.toISOString() });
    await eventually(async () => expect(await filterOn(['Rope Play'])).toEqual([2, 3]));
    const shared = await harness.graphql(1, `{ deck(limit: 50) { cards { user { id } sharedKinks } } }`);
    expect(shared.data!.deck.cards.find((card: Json) => card.user.id === 2).sharedKinks).toEqual(['Rope Play']);

    // Shown to everyone again: anyone's filter finds it.
    await harness.publish(Topics.profile, ProfileEvents.KinkVisibilityChanged.type, { userId: 4, audience: 'everyone', perKink: [], changedAt: now.toISOString() });
    await harness.publish(Topics.profile, ProfileEvents.ProfileUpdated.type, { userId: 1, gender: 'Female', bio: null, photos: [], kinks: [], interests: ['Art'], updatedAt: now.toISOString() });
    await eventually(async () => expect(await filterOn(['Brat'])).toEqual([2, 4]));
    expect(await filterOn(['Rope Play'])).toEqual([3]);
    const raw = JSON.stringify(await harness.adapters.eventStore.readAll({ after: 0, limit: 10_000 }));
    expect(raw).not.toContain('sharers');
  });

  it('tells a free plan only how many people liked them, whatever a pass answers, and a paid plan who', async () => {
    await harness.start();
    await harness.person(1);
    await harness.person(2, { gender: 'Male' });
    await harness.person(3, { gender: 'Male' });
    // As an earlier version of the profile service published photos: with a blurred copy's URL.
    const photoId = 'a'.repeat(32);
    const blurred = `/api/blurred/${'b'.repeat(32)}`;
    await harness.publish(Topics.profile, ProfileEvents.ProfilePhotosChanged.type, {
      userId: 2,
      photos: [{ id: photoId, url: `/api/photos/${photoId}/display`, thumbnailUrl: `/api/photos/${photoId}/thumb` }],
      blurredPhotoUrl: blurred,
      changedAt: now.toISOString(),
    });
    await harness.person(4);
    await eventually(async () => expect((await harness.deckIds(4)).sort()).toEqual([1, 2, 3]));
    expect((await harness.swipe(2, 1, 'LIKE')).errors).toBeUndefined();
    expect((await harness.swipe(3, 1, 'SUPERLIKE')).errors?.[0]?.extensions?.reason).toBe('super-likes-used');
    expect((await harness.swipe(3, 1, 'LIKE')).errors).toBeUndefined();
    const query = `{ likesReceived { visible count likes { superLike likedAt user { id } } } }`;
    expect((await harness.graphql(1, query)).data!.likesReceived).toEqual({ visible: false, count: 2, likes: [] });
    // Passing the likers one by one finds neither: a pass is no answer on the free plan.
    expect((await harness.swipe(1, 2, 'PASS')).errors).toBeUndefined();
    expect((await harness.graphql(1, query)).data!.likesReceived).toEqual({ visible: false, count: 2, likes: [] });
    // A like back is a match the person sees anyway: that one is answered.
    expect((await harness.swipe(1, 3, 'LIKE')).data!.swipe.isMatch).toBe(true);
    expect((await harness.graphql(1, query)).data!.likesReceived).toEqual({ visible: false, count: 1, likes: [] });
    expect((await harness.graphql(1, `{ likesReceived { likes { likedAt } } }`)).data!.likesReceived.likes).toEqual([]);

    expect((await harness.graphql(4, `mutation { choosePlan(plan: PLUS, billing: WEEKLY) { plan } }`)).errors).toBeUndefined();
    expect((await harness.swipe(2, 4, 'LIKE')).errors).toBeUndefined();
    const paid = await harness.graphql(4, query);
    expect(paid.data!.likesReceived).toEqual({ visible: true, count: 1, likes: [{ superLike: false, likedAt: now.toISOString(), user: { id: 2 } }] });
    expect(JSON.stringify(await harness.graphql(1, query)) + JSON.stringify(paid)).not.toMatch(/blurred|aaaa/);
  });

  it('shows the city a person chose on their card and filters on it, whatever their position does', async () => {
    await harness.start();
    await harness.person(1);
    await harness.person(2, { gender: 'Male' });
    await harness.publish(Topics.profile, ProfileEvents.PublicCityChanged.type, { userId: 2, city: 'Berlin', changedAt: now.toISOString() });
    await harness.person(3, { gender: 'Male' });
    const cards = async () => (await harness.graphql(1, `{ deck(limit: 50) { cards { user { id } city } } }`)).data!.deck.cards.sort((a: Json, b: Json) => a.user.id - b.user.id);
    await eventually(async () => expect(await cards()).toEqual([{ user: { id: 2 }, city: 'Berlin' }, { user: { id: 3 }, city: null }]));
    // Moving keeps the chosen city.
    await harness.publish(Topics.profile, ProfileEvents.LocationUpdated.type, { userId: 2, ...snapToGrid(52.5, 13.39), updatedAt: now.toISOString() });
    await harness.person(4, { gender: 'Male' });
    await eventually(async () => expect(await cards()).toHaveLength(3));
    expect((await cards())[0]).toEqual({ user: { id: 2 }, city: 'Berlin' });
    expect((await harness.graphql(1, `mutation { setDeckFilters(input: { city: "berlin" }) { city } }`)).errors).toBeUndefined();
    expect(await harness.deckIds(1)).toEqual([2]);
  });

  it('ends a match for both on unmatch, and a block hides both people from each other everywhere', async () => {
    await harness.start();
    for (let id = 1; id <= 4; id++) await harness.person(id);
    await eventually(async () => expect(await harness.deckIds(1)).toHaveLength(3));
    await harness.swipe(1, 2, 'LIKE');
    const matched = await harness.swipe(2, 1, 'LIKE');
    const matchId = matched.data!.swipe.match.id;
    expect((await harness.graphql(3, `mutation ($id: Int!) { unmatch(matchId: $id) }`, { id: matchId })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await harness.graphql(2, `mutation ($id: Int!) { unmatch(matchId: $id) }`, { id: matchId })).data).toEqual({ unmatch: true });
    expect((await harness.graphql(1, `{ matches { id } }`)).data!.matches).toEqual([]);
    expect((await harness.graphql(1, `query ($id: Int!) { match(id: $id) { id } }`, { id: matchId })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    // 4 likes 1, then 1 blocks 4: gone from 1's likes and deck, and 1 from 4's deck; swipes between them fail.
    await harness.swipe(4, 1, 'LIKE');
    expect((await harness.graphql(1, `{ likesReceived { count } }`)).data!.likesReceived.count).toBe(1);
    expect((await harness.graphql(1, `mutation { block(userId: 4) }`)).data).toEqual({ block: true });
    expect((await harness.graphql(1, `{ likesReceived { count } }`)).data!.likesReceived.count).toBe(0);
    expect(await harness.deckIds(1)).toEqual([3]);
    expect(await harness.deckIds(4)).not.toContain(1);
    expect((await harness.swipe(4, 1, 'LIKE')).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await harness.graphql(1, `mutation { block(userId: 1) }`)).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'userId' });
  });

  it('keeps personal fields encrypted, and erases a deleted person everywhere', async () => {
    await harness.start();
    await harness.person(1);
    await harness.person(2, { kinks: ['Wax Play'], timeZone: 'Asia/Tokyo' });
    await eventually(async () => expect(await harness.deckIds(1)).toEqual([2]));
    await harness.swipe(2, 1, 'LIKE');
    const raw = JSON.stringify(await harness.adapters.eventStore.readAll({ after: 0, limit: 10_000 }));
    for (const secret of ['Wax Play', 'Asia/Tokyo', 'Female']) expect(raw).not.toContain(secret);
    await harness.publish(Topics.auth, AuthEvents.UserDeleted.type, { userId: 2, deletedAt: now.toISOString() });
    await eventually(async () => expect((await harness.graphql(1, `{ likesReceived { count } }`)).data!.likesReceived.count).toBe(0));
    expect(await harness.deckIds(1)).toEqual([]);
    expect((await harness.swipe(1, 2, 'LIKE')).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    // Late news of the person creates nothing: once a newcomer published after it shows, 2 is still gone.
    await harness.person(2);
    await harness.person(3);
    await eventually(async () => expect(await harness.deckIds(1)).toEqual([3]));
  });

  it('refuses swiping oneself, an unknown person, or without a session', async () => {
    await harness.start();
    await harness.person(1);
    await eventually(async () => expect((await harness.graphql(1, `{ quota { likesUsed } }`)).errors).toBeUndefined());
    expect((await harness.swipe(1, 1, 'LIKE')).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'swipedId' });
    expect((await harness.swipe(1, 99, 'LIKE')).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await harness.graphql(undefined, `{ deck { cards { distanceKm } } }`)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
