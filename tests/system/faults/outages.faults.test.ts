import { Messages } from '@nocturne/contracts';
import { DATABASE_SELECTION_TIMEOUT_MS } from '@nocturne/platform/adapters';
import { CONCURRENT_CHANGE_MESSAGE } from '@nocturne/platform/kit';
import { canStartOwnServers, eventually, OwnServers } from '@nocturne/platform/testing';
import { newPerson, ProfileReadModel, StackClient, StackProcess, type Answer } from '../support';

// `npm run test:faults`: the real stack (`node stack/dist/main.js`, one process per service) on Kafka, the
// MongoDB-compatible server and Redis of its own, started and stopped with infra/up.sh and infra/down.sh on
// free ports and in a run directory of their own, never the shared servers. Each scenario stops a server
// (or kills a service process), checks what people get meanwhile, and measures how long the stack takes to
// serve again; every write acknowledged during a fault must be present exactly once afterwards. The table
// of figures is printed at the end (docs/operations.md keeps one).
const d = canStartOwnServers() ? describe : describe.skip;

interface Figure {
  fault: string;
  during: string;
  answeredWithinMs: number;
  recoveredWithinMs: number;
}

const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const started = performance.now();
  const value = await work();
  return { value, ms: Math.round(performance.now() - started) };
};

/** What `/readyz` of the gateway or a subgraph answers (a bare request: no cookie, no Origin). */
const readyz = async (url: string): Promise<Answer> => new StackClient(url).get('/readyz').timeout(5_000);

d('the real stack under faults', () => {
  let servers: OwnServers | undefined;
  let stack: StackProcess | undefined;
  let profiles: ProfileReadModel | undefined;
  const figures: Figure[] = [];
  const subgraphUrls = () => Object.entries(stack!.ports).filter(([name]) => name !== 'gateway').map(([name, port]) => [name, `http://127.0.0.1:${port}`] as const);

  /** Someone signed up: their browser, and their sign-up fields with their id. */
  const signUp = async () => {
    const client = await stack!.signUp();
    return { client, person: { ...client.person, id: client.id } };
  };

  beforeAll(async () => {
    servers = await OwnServers.start('redis', 'mongo', 'kafka');
    stack = await StackProcess.start({ env: { ...servers.variables }, readyTimeoutMs: 180_000 });
    profiles = await ProfileReadModel.open(servers.variables.MONGODB_URI);
  }, 400_000);

  afterAll(async () => {
    await profiles?.close();
    await stack?.stop(20_000);
    servers?.close();
    if (figures.length > 0) {
      const rows = figures.map((f) => `| ${f.fault} | ${f.during} | ${f.answeredWithinMs} ms | ${f.recoveredWithinMs} ms |`);
      process.stdout.write(['', '| fault | answers during the fault | slowest answer | serving again after restart |', '|---|---|---|---|', ...rows, ''].join('\n'));
    }
  }, 120_000);


  it('Redis away: 503 with Retry-After within a second, not ready; sessions survive its restart', async () => {
    const { client, person } = await signUp();
    servers!.down('redis');
    let slowest: number;
    try {
      const me = await timed(async () => client.get('/api/auth/user'));
      expect(me.value.status).toBe(503);
      expect(Number(me.value.headers['retry-after'])).toBeGreaterThan(0);
      expect(me.value.body).toEqual({ error: Messages.unavailable });
      // Rate limits fail closed: a sign-in is refused, not let through uncounted.
      const signIn = await timed(async () => stack!.client().post('/api/auth/signin', { username: person.username, password: person.password }));
      expect(signIn.value.status).toBe(503);
      slowest = Math.max(me.ms, signIn.ms);
      expect(slowest).toBeLessThan(1_000);

      await eventually(async () => expect(await readyz(stack!.url)).toMatchObject({ status: 503, body: { status: 'not ready', checks: { redis: false } } }), { timeoutMs: 10_000, intervalMs: 200 });
      for (const [, url] of subgraphUrls()) {
        await eventually(async () => expect(await readyz(url)).toMatchObject({ status: 503, body: { status: 'not ready', checks: { redis: false } } }), { timeoutMs: 10_000, intervalMs: 200 });
      }
    } finally {
      servers!.up('redis');
    }
    const back = await timed(() =>
      eventually(async () => {
        const me = await client.get('/api/auth/user');
        expect(me.status).toBe(200);
        return me;
      }, { timeoutMs: 30_000, intervalMs: 100 }),
    );
    // The same cookie still signs the person in: the append-only file kept the session.
    expect(back.value.body.user.id).toBe(person.id);
    figures.push({ fault: 'Redis stopped', during: '503 + Retry-After (session, sign-in), /readyz 503', answeredWithinMs: slowest, recoveredWithinMs: back.ms });
  }, 180_000);

  it('Kafka away: degraded but serving, each new person shown at once, every sign-up kept and projected exactly once after it is back', async () => {
    servers!.down('kafka');
    const ids: number[] = [];
    let slowest = 0;
    try {
      for (const [, url] of subgraphUrls()) {
        await eventually(async () => expect(await readyz(url)).toMatchObject({ status: 200, body: { status: 'degraded', checks: { kafka: false }, notes: [expect.stringContaining('outbox')] } }), {
          timeoutMs: 30_000,
          intervalMs: 250,
        });
      }
      for (let i = 0; i < 5; i++) {
        const { value, ms } = await timed(() => signUp());
        ids.push(value.person.id);
        slowest = Math.max(slowest, ms);
        // The new person is shown at once, before the profile service has heard of them: no error meanwhile.
        const me = await value.client.get('/api/auth/user');
        expect(me.status).toBe(200);
        expect(me.body.user).toMatchObject({ id: value.person.id, onboardingCompleted: false });
      }
    } finally {
      servers!.up('kafka');
    }
    const back = await timed(() =>
      eventually(async () => expect(Object.values(await profiles!.count(ids))).toEqual(ids.map(() => 1)), { timeoutMs: 120_000, intervalMs: 500 }),
    );
    for (const [, url] of subgraphUrls()) await eventually(async () => expect((await readyz(url)).body.status).toBe('ready'), { timeoutMs: 60_000, intervalMs: 250 });
    figures.push({ fault: 'Kafka stopped', during: '5 of 5 sign-ups 201, /readyz 200 degraded', answeredWithinMs: slowest, recoveredWithinMs: back.ms });
  }, 300_000);

  it('Kafka away until the consumers crash: they restart within seconds of its return, every sign-up projected once', async () => {
    // The profile service's consumer of auth.events gives up after its retries and restarts itself: kafkajs
    // logs how long it waits before that restart.
    const restarts = () => stack!.linesMatching(/Restarting the consumer/).filter((line) => line.includes('"service":"profile"'));
    const restartsBefore = restarts().length;
    servers!.down('kafka');
    const ids: number[] = [];
    try {
      for (let i = 0; i < 3; i++) ids.push((await signUp()).person.id);
      // Twice: the first restart comes quickly; a consumer that crashes again waits its last retry time.
      await eventually(() => expect(restarts().length).toBeGreaterThanOrEqual(restartsBefore + 2), { timeoutMs: 180_000, intervalMs: 500 });
    } finally {
      servers!.up('kafka');
    }
    const waits = restarts()
      .slice(restartsBefore)
      .map((line) => Number((JSON.parse(line) as { kafka?: { retryTime?: number } }).kafka?.retryTime));
    const diagnostics = () =>
      stack!
        .linesMatching(/"service":"profile"/)
        .filter((line) => /kafka|consumer/i.test(line))
        .slice(-30)
        .map((line) => {
          const entry = JSON.parse(line) as { time: number; msg: string; kafka?: { error?: string } };
          return `${new Date(entry.time).toISOString().slice(11, 23)} ${entry.msg} ${entry.kafka?.error ?? ''}`;
        })
        .join('\n');
    let back: { value: void; ms: number };
    try {
      back = await timed(() => eventually(async () => expect(Object.values(await profiles!.count(ids))).toEqual(ids.map(() => 1)), { timeoutMs: 90_000, intervalMs: 250 }));
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- profile service, Kafka lines ---\n${diagnostics()}`, { cause: error });
    }
    expect(Math.max(...waits)).toBeLessThanOrEqual(2_000);
    figures.push({ fault: 'Kafka stopped until consumers crash', during: `3 of 3 sign-ups 201; consumer restart waits ${waits.join(', ')} ms`, answeredWithinMs: 0, recoveredWithinMs: back.ms });
  }, 300_000);

  it('database away: 503 or 504 within a few seconds, never 500, and not ready; serving again once it is back', async () => {
    const { person } = await signUp();
    servers!.down('mongo');
    let during: Answer;
    let ms: number;
    try {
      ({ value: during, ms } = await timed(async () => stack!.client().post('/api/auth/signin', { username: person.username, password: person.password })));
      expect([503, 504]).toContain(during.status);
      expect(during.body.error).toBe(during.status === 503 ? Messages.unavailable : Messages.timedOut);
      // No longer than the wait for a database server to select, and some room for the rest of the call.
      expect(ms).toBeLessThan(DATABASE_SELECTION_TIMEOUT_MS + 1_500);
      for (const [, url] of subgraphUrls()) {
        await eventually(async () => expect(await readyz(url)).toMatchObject({ status: 503, body: { status: 'not ready', checks: { database: false } } }), { timeoutMs: 15_000, intervalMs: 250 });
      }
    } finally {
      servers!.up('mongo');
    }
    const back = await timed(() =>
      eventually(async () => expect((await stack!.client().post('/api/auth/signin', { username: person.username, password: person.password })).status).toBe(200), { timeoutMs: 60_000, intervalMs: 250 }),
    );
    figures.push({ fault: 'database stopped', during: `sign-in ${during.status}, /readyz 503`, answeredWithinMs: ms, recoveredWithinMs: back.ms });
  }, 240_000);

  it('a service process killed: the launcher restarts it and logs it; the rest keeps serving', async () => {
    const marker = 'profile/dist/main.js';
    const killed = stack!.pidOf(marker);
    expect(killed).toBeDefined();
    process.kill(killed!, 'SIGKILL');
    const back = await timed(() =>
      eventually(
        async () => {
          const pid = stack!.pidOf(marker);
          expect(pid).toBeDefined();
          expect(pid).not.toBe(killed);
          expect((await readyz(`http://127.0.0.1:${stack!.ports.profile}`)).status).toBe(200);
        },
        { timeoutMs: 60_000, intervalMs: 200 },
      ),
    );
    expect(stack!.linesMatching(/restarting it/).some((line) => line.includes('"process":"profile"'))).toBe(true);
    // Sign-up lives in auth: it never stopped.
    await signUp();
    figures.push({ fault: 'profile process killed (SIGKILL)', during: 'launcher restarts it (logged)', answeredWithinMs: 0, recoveredWithinMs: back.ms });
  }, 120_000);

  /** A signed-up person whose profile exists, and the body of a full profile save. */
  const personWithProfile = async () => {
    const { client, person } = await signUp();
    await eventually(async () => expect(Object.values(await profiles!.count([person.id]))).toEqual([1]), { timeoutMs: 60_000, intervalMs: 250 });
    const save = (bio: string, name = person.name) => ({ name, age: person.age, bio, gender: 'Female', kinks: ['Praise'], interests: ['Art'] });
    return { client, person, save };
  };

  it('a profile save while auth is frozen is refused as a whole; a retry with its Idempotency-Key after auth was killed is answered once', async () => {
    const { client, person, save } = await personWithProfile();
    const auth = stack!.pidOf('auth/dist/main.js')!;
    // Frozen, not dead: the launcher does not restart it, and the gateway's call to it waits for its bound.
    process.kill(auth, 'SIGSTOP');
    let during: Answer;
    let ms: number;
    try {
      ({ value: during, ms } = await timed(async () => client.put('/api/profile', save('Written while auth was away', 'Frozen Owl'))));
    } finally {
      process.kill(auth, 'SIGCONT');
    }
    expect([503, 504]).toContain(during.status);
    expect(during.body.error).toBe(during.status === 503 ? Messages.unavailable : Messages.timedOut);
    // Refused, so nothing of it was kept: neither the profile's part nor the account's.
    const unchanged = await client.get('/api/auth/user');
    expect(unchanged.body.user).toMatchObject({ name: person.name, bio: null });

    // Accepted once: the answer is kept with its key, so a client that retries after a crash (here: auth
    // killed right after the answer) gets the same answer without a second write, and the account follows.
    const key = `faults-${person.id}`;
    const first = await client.put('/api/profile', save('Written once', 'Renamed Owl')).set('Idempotency-Key', key);
    expect(first.status).toBe(200);
    const killed = stack!.pidOf('auth/dist/main.js')!;
    process.kill(killed, 'SIGKILL');
    const retry = await client.put('/api/profile', save('Written once', 'Renamed Owl')).set('Idempotency-Key', key);
    expect({ status: retry.status, replayed: retry.headers['idempotent-replayed'], body: retry.body }).toEqual({ status: 200, replayed: 'true', body: first.body });
    const back = await timed(() =>
      eventually(async () => expect((await client.get('/api/auth/user')).body.user).toMatchObject({ name: 'Renamed Owl', bio: 'Written once' }), { timeoutMs: 60_000, intervalMs: 250 }),
    );
    figures.push({ fault: 'auth frozen during a profile save', during: `save ${during.status}, nothing kept; retry after auth killed replayed`, answeredWithinMs: ms, recoveredWithinMs: back.ms });
  }, 240_000);

  it('saves of one profile through two stacks at once all succeed: conflicts between instances are decided again, never a 500', async () => {
    const { client, person, save } = await personWithProfile();
    // A second gateway and second instance of every service on the same servers; sessions live in Redis,
    // so the same cookie is signed in on both.
    const second = await StackProcess.start({ env: { ...servers!.variables }, readyTimeoutMs: 180_000 });
    try {
      const other = second.client(client.cookie);
      const bios = Array.from({ length: 20 }, (_, i) => `Save number ${i}`);
      const answers = await Promise.all(bios.map(async (bio, i) => (i % 2 === 0 ? client : other).put('/api/profile', save(bio))));
      const statuses = answers.map((answer) => answer.status);
      // Each save is kept, or (only once every retry lost) refused with the clear message; never a 5xx.
      expect(answers.filter((answer) => answer.status !== 200 && !(answer.status === 409 && answer.body.error === CONCURRENT_CHANGE_MESSAGE))).toEqual([]);
      // Twenty writers on one stream through two instances: most win within the bounded retries (one run
      // here: 17 of 20; the rest ran out of attempts and were told so).
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(bios.length / 2);
      const final = (await client.get('/api/auth/user')).body.user;
      expect(bios).toContain(final.bio);
      expect(final.name).toBe(person.name);
      figures.push({ fault: 'one profile saved 20 times at once through two stacks', during: `${statuses.filter((status) => status === 200).length} of 20 answered 200, the rest 409 with the message to try again, none 5xx`, answeredWithinMs: 0, recoveredWithinMs: 0 });
    } finally {
      await second.stop(20_000);
    }
  }, 400_000);

  it('SIGTERM with sign-ups in flight: each one started is answered 201 and kept once, the rest are refused and leave nothing', async () => {
    const inFlight = async () => {
      const text = await (await fetch(stack!.metricsUrl('gateway'), { signal: AbortSignal.timeout(2_000) })).text();
      return Number(/^nocturne_http_requests_in_flight\{service="gateway"\} (\d+)/m.exec(text)?.[1] ?? 0);
    };
    const people = Array.from({ length: 8 }, () => newPerson());
    const attempts = people.map((person) =>
      stack!
        .client()
        .post('/api/auth/signup', person)
        .then((res) => ({ person, status: res.status, id: res.body?.user?.id as number | undefined, error: res.body?.error as string | undefined }))
        .catch((error: Error) => ({ person, status: 0, id: undefined, error: error.message })),
    );
    // Signal once the gateway holds requests it has started on (argon2 keeps each one busy a while).
    await eventually(async () => expect(await inFlight()).toBeGreaterThanOrEqual(1), { timeoutMs: 30_000, intervalMs: 5 });
    const stopped = await stack!.stop(30_000);
    const answers = await Promise.all(attempts);
    stack = undefined;
    expect({ code: stopped.code, lingering: stopped.lingering }).toEqual({ code: 0, lingering: [] });
    const accepted = answers.filter((answer) => answer.status === 201);
    // A request either was taken and finished, or never got in: its connection closed unanswered, or (when
    // it arrived once stopping had begun) 503 with the message to try again. Never another 5xx.
    expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 0 && !(answer.status === 503 && answer.error === Messages.unavailable))).toEqual([]);
    expect(accepted.length).toBeGreaterThanOrEqual(1);

    // Started again on the same servers: every acknowledged sign-up signs in and has exactly one profile
    // (the relay flushed its events before it stopped, or publishes them now); nobody refused exists.
    stack = await StackProcess.start({ env: { ...servers!.variables }, readyTimeoutMs: 180_000 });
    for (const answer of answers) {
      const signIn = await stack.client().post('/api/auth/signin', { username: answer.person.username, password: answer.person.password });
      expect({ username: answer.person.username, signedIn: signIn.status === 200 }).toEqual({ username: answer.person.username, signedIn: answer.status === 201 });
    }
    const ids = accepted.map((answer) => answer.id!);
    await eventually(async () => expect(Object.values(await profiles!.count(ids))).toEqual(ids.map(() => 1)), { timeoutMs: 60_000, intervalMs: 250 });
    figures.push({ fault: 'SIGTERM with sign-ups in flight', during: `${accepted.length} of ${answers.length} answered 201, ${answers.length - accepted.length} refused before they got in (closed or 503), nothing else`, answeredWithinMs: stopped.ms, recoveredWithinMs: 0 });
  }, 400_000);
});
