import { Topics } from '@nocturne/contracts';
import { eventually, infra, outageTestsEnabled, portRefuses } from '@nocturne/platform/testing';
import { hasRealInfrastructure, ProfileReadModel, realInfrastructure, StackProcess, TopicWatcher, type Member } from '../support';

// A Kafka outage under the running real stack. Needs KAFKA_BROKERS, MONGODB_URI and REDIS_URL (else there
// is no real stack to run) and a broker that `bash infra/down.sh kafka` can stop and `bash infra/up.sh kafka`
// start again: the one infra/up.sh started (its pid file exists), as on CI, or NOCTURNE_OUTAGE_TESTS=1.
// NOCTURNE_OUTAGE_TESTS=0 skips it. The broker is started again after the suite whatever happened.
const d = hasRealInfrastructure && outageTestsEnabled('kafka') ? describe : describe.skip;

const USERS = 10;
const KAFKA_PORT = Number(realInfrastructure.KAFKA_BROKERS.split(',')[0]?.split(':')[1] ?? 9092);

d('real stack through a Kafka outage', () => {
  let stack: StackProcess | undefined;
  let watcher: TopicWatcher | undefined;
  let profiles: ProfileReadModel | undefined;
  let kafkaStopped = false;

  beforeAll(async () => {
    profiles = await ProfileReadModel.open();
    stack = await StackProcess.start();
  }, 120_000);

  afterAll(async () => {
    let restoreError: unknown;
    if (kafkaStopped) {
      try {
        infra('up', 'kafka');
      } catch (error) {
        restoreError = error;
      }
    }
    await stack?.stop(15_000);
    await watcher?.stop();
    await profiles?.close();
    if (restoreError) throw restoreError;
  }, 240_000);

  const ones = (userIds: readonly number[]) => Object.fromEntries(userIds.map((userId) => [userId, 1]));
  const profiled = async (userIds: readonly number[]) => Object.values(await profiles!.count(userIds)).every((count) => count > 0);

  it(`keeps signing up while the broker is down and delivers each of ${USERS} UserRegistered once it is back`, async () => {
    // Before: the whole path works (relay, topic, the profile service's consumer group).
    const first = await stack!.signUp();
    const firstId = first.id;
    await eventually(async () => expect(await profiled([firstId])).toBe(true), { timeoutMs: 45_000, intervalMs: 200 });

    infra('down', 'kafka');
    kafkaStopped = true;
    expect(await portRefuses(KAFKA_PORT)).toBe(true);

    // Writes do not need Kafka: every sign-up succeeds, the events wait in the event store (the outbox).
    const clients: Member[] = [];
    const signUpsBegan = Date.now();
    for (let i = 0; i < USERS; i++) clients.push(await stack!.signUp());
    const userIds = clients.map((member) => member.id);
    const signUpsMs = Date.now() - signUpsBegan;
    expect(new Set(userIds).size).toBe(USERS);
    expect(await portRefuses(KAFKA_PORT)).toBe(true); // the sign-ups really happened during the outage

    // An outage longer than the clients' own retries: the profile service's consumer gives up reconnecting
    // and crashes ("Crash: KafkaJSNumberOfRetriesExceeded"); it must restart itself and rejoin its group
    // once the broker is back.
    const gaveUp = () => stack!.linesMatching(/"service":"profile".*kafka: Crash: KafkaJSNumberOfRetriesExceeded/).length > 0;
    await eventually(() => expect(gaveUp()).toBe(true), { timeoutMs: 120_000, intervalMs: 250 });
    const outageMs = Date.now() - signUpsBegan;

    infra('up', 'kafka');
    kafkaStopped = false;
    const back = Date.now();

    // A consumer group of this test, started after the outage, reads the topic from the beginning. An
    // idempotent consumer dedupes by event id: each user must have exactly one distinct UserRegistered id.
    watcher = await TopicWatcher.start(Topics.auth);
    const all = [firstId, ...userIds];
    await eventually(() => expect([...watcher!.distinctIds('UserRegistered', all).values()].every((ids) => ids.size > 0)).toBe(true), { timeoutMs: 120_000, intervalMs: 250 });
    const deliveredMs = Date.now() - back;
    const distinct = watcher.distinctIds('UserRegistered', all);
    expect(Object.fromEntries([...distinct].map(([userId, ids]) => [userId, ids.size]))).toEqual(ones(all));

    // The profile service's consumer came back too: one profile per user, no more (the read model's rows),
    // and each user sees their new profile (a made profile has been seen: lastSeen is set).
    await eventually(async () => expect(await profiled(all)).toBe(true), { timeoutMs: 120_000, intervalMs: 500 });
    const profiledMs = Date.now() - back;
    expect(await profiles!.count(all)).toEqual(ones(all));
    for (const api of [first, ...clients]) {
      const me = await api.get('/api/auth/user');
      expect(me.status).toBe(200);
      expect(me.body.user).toMatchObject({ nightOwlScore: 5, onboardingCompleted: false, lastSeen: expect.any(String) });
    }

    const raw = watcher.deliveries.filter((delivery) => delivery.type === 'UserRegistered' && delivery.userId !== undefined && all.includes(delivery.userId)).length;
    console.warn(
      `kafka outage of ${outageMs} ms: ${USERS} sign-ups in ${signUpsMs} ms with the broker down; after it was back: all events on ${Topics.auth} in ${deliveredMs} ms ` +
        `(${raw} deliveries for ${all.length} distinct events), every profile in ${profiledMs} ms`,
    );
  }, 480_000);
});
