import { Topics } from '@nocturne/contracts';
import { eventually, Scrape } from '@nocturne/platform/testing';
import { hasRealInfrastructure, likeEachOther, newPerson, ProfileReadModel, StackProcess, TopicWatcher } from '../support';

// The stack as users start it with real infrastructure: `node stack/dist/main.js` with KAFKA_BROKERS,
// MONGODB_URI and REDIS_URL set spawns auth, profile, swipe and the gateway as processes of their own. Without the
// three variables there is nothing real to run against (`npm run infra:up`, then
// `source ~/.cache/nocturne/run/env`), so the suite is skipped. It needs the builds (npm run test:int does
// npm run build first).
const d = hasRealInfrastructure ? describe : describe.skip;

d('real stack: one process per service on Kafka, MongoDB and Redis', () => {
  let stack: StackProcess | undefined;
  let watcher: TopicWatcher | undefined;
  let profiles: ProfileReadModel | undefined;

  beforeAll(async () => {
    profiles = await ProfileReadModel.open();
    watcher = await TopicWatcher.start(Topics.auth);
    stack = await StackProcess.start();
  }, 120_000);

  afterAll(async () => {
    // When something failed, the processes' own account of it (kept by the harness, not printed otherwise).
    const trouble = stack?.linesMatching(/failed to start|a process of the stack|"level":50/) ?? [];
    if (trouble.length > 0) console.warn(`errors logged by the stack:\n${trouble.slice(-40).join('\n')}`);
    await stack?.stop(10_000);
    await watcher?.stop();
    await profiles?.close();
  }, 30_000);

  it('runs auth, profile, swipe, chat and the gateway as separate processes under the launcher, none of them restarted', () => {
    const [launcher, ...services] = stack!.processes.map((p) => p.command);
    expect(launcher).toMatch(/stack\/dist\/main\.js$/);
    const scripts = services.map((command) => /(services\/(?:auth|profile|swipe|chat)\/dist\/main|stack\/dist\/gatewayMain)\.js$/.exec(command)?.[1] ?? command).sort();
    // A process that failed to start or stopped shows here with its own words (the launcher restarts it).
    const trouble = stack!.linesMatching(/failed to start|a process of the stack/);
    expect({ scripts, trouble }).toEqual({
      scripts: ['services/auth/dist/main', 'services/chat/dist/main', 'services/profile/dist/main', 'services/swipe/dist/main', 'stack/dist/gatewayMain'],
      trouble: [],
    });
  });

  it('signs up, out and in over HTTP; UserRegistered reaches auth.events once and the profile service makes the profile', async () => {
    const api = stack!.client();
    const person = newPerson();

    const signUp = await api.post('/api/auth/signup', person);
    expect(signUp.status).toBe(201);
    expect(signUp.body.user).toMatchObject({ username: person.username, email: person.email, name: person.name, age: person.age });
    const userId = signUp.body.user.id as number;
    expect(api.cookie).toMatch(/^nocturne_session=/);

    const me = await api.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: userId, username: person.username });

    const signOut = await api.post('/api/auth/signout', {});
    expect(signOut.status).toBe(200);
    expect(api.cookie).toBeUndefined();
    expect((await api.get('/api/auth/user')).status).toBe(401);

    const wrong = await api.post('/api/auth/signin', { username: person.username, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    const signIn = await api.post('/api/auth/signin', { username: person.username, password: person.password });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.id).toBe(userId);

    // The outbox relay published the stored event on Kafka (seen by a consumer group of this test).
    const ids = await eventually(
      () => {
        const found = watcher!.distinctIds('UserRegistered', [userId]).get(userId)!;
        expect(found.size).toBeGreaterThan(0);
        return found;
      },
      { timeoutMs: 45_000, intervalMs: 200 },
    );
    expect(ids.size).toBe(1);

    // The profile service consumed it: its read model has the user's row (one), and the signed-in user
    // sees a new profile's fields. (Without a row the answer shows the same defaults, but no lastSeen.)
    await eventually(async () => expect((await profiles!.count([userId]))[userId]).toBeGreaterThan(0), { timeoutMs: 45_000, intervalMs: 200 });
    expect(await profiles!.count([userId])).toEqual({ [userId]: 1 });
    const withProfile = await api.get('/api/auth/user');
    expect(withProfile.status).toBe(200);
    expect(withProfile.body.user).toMatchObject({
      id: userId,
      nightOwlScore: 5,
      onboardingCompleted: false,
      gender: null,
      photos: [],
      kinks: [],
      interests: [],
      lastSeen: expect.any(String),
    });
  }, 120_000);

  it('reaches the swipe service through the gateway: two onboarded people like each other and match', async () => {
    const { a, b, first, second } = await likeEachOther(stack!);
    expect((await a.get('/api/swipe-window')).body).toMatchObject({ open: true, mode: 'always' });
    expect(first).toMatchObject({ status: 200, body: { isMatch: false } });
    expect(second).toMatchObject({ status: 200, body: { isMatch: true, matchId: expect.any(Number) } });
    const matches = await a.get(`/api/matches/${a.id}`);
    expect(matches.body).toEqual([expect.objectContaining({ id: second.body.matchId, user1Id: Math.min(a.id, b.id), user2Id: Math.max(a.id, b.id) })]);
  }, 150_000);

  it('serves /metrics on a port of its own in every process; the swipe process counts the swipes and the match above', async () => {
    const swipe = await Scrape.of(stack!.metricsUrl('swipe'));
    expect(swipe.value('nocturne_swipes_total', { kind: 'like' })).toBeGreaterThanOrEqual(2);
    expect(swipe.value('nocturne_matches_total')).toBeGreaterThanOrEqual(1);
    expect(swipe.value('nocturne_event_store_append_duration_seconds_count', { service: 'swipe', outcome: 'ok' })).toBeGreaterThan(0);
    const auth = await Scrape.of(stack!.metricsUrl('auth'));
    expect(auth.value('nocturne_sign_ups_total')).toBeGreaterThanOrEqual(2);
    const profile = await Scrape.of(stack!.metricsUrl('profile'));
    expect(profile.value('nocturne_consumer_messages_total', { group: 'profile', topic: 'auth.events', outcome: 'handled' })).toBeGreaterThan(0);
    // The match opened a conversation in the chat process (it learns of matches over Kafka).
    await eventually(async () => expect((await Scrape.of(stack!.metricsUrl('chat'))).value('nocturne_events_appended_total', { service: 'chat', type: 'ConversationOpened' })).toBeGreaterThanOrEqual(1), { timeoutMs: 20_000, intervalMs: 200 });
    const gateway = await Scrape.of(stack!.metricsUrl('gateway'));
    expect(gateway.value('nocturne_http_request_duration_seconds_count', { service: 'gateway', route: '/api/swipes' })).toBeGreaterThanOrEqual(2);
    expect(gateway.value('nocturne_subgraph_request_duration_seconds_count', { subgraph: 'swipe' })).toBeGreaterThan(0);
    // Never on the public port.
    expect(await (await fetch(`${stack!.url}/metrics`)).text()).not.toContain('nocturne_');
  }, 30_000);

  it('stops on SIGTERM: the launcher exits 0 and every service process is gone within a few seconds', async () => {
    const result = await stack!.stop(8_000);
    const log = stack!.log(80);
    stack = undefined;
    expect({ lingering: result.lingering, code: result.code, signal: result.signal }).toEqual({ lingering: [], code: 0, signal: null });
    expect(result.ms).toBeLessThan(8_000);
    expect(log).not.toMatch(/did not stop cleanly/);
    console.warn(`real stack stopped in ${result.ms} ms`);
  }, 30_000);
});

d('real stack: the launcher killed outright', () => {
  it('leaves no process behind: each service and the gateway stop by themselves once the launcher is gone', async () => {
    const stack = await StackProcess.start();
    const result = await stack.stop(20_000, 'SIGKILL');
    expect({ lingering: result.lingering, signal: result.signal }).toEqual({ lingering: [], signal: 'SIGKILL' });
    console.warn(`real stack without its launcher stopped in ${result.ms} ms`);
  }, 150_000);
});
