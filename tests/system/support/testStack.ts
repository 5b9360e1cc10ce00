/**
 * Test support for the suites of this folder (not used by the stack itself): the embedded stack started in
 * the test's process or spawned as a process, on a data directory of its own, and the people the suites
 * sign up, onboard and send requests as.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { eventually } from '@nocturne/platform/testing';
import { portVariableOf, services, startEmbeddedStack, type EmbeddedStack, type EmbeddedStackOptions } from '@nocturne/stack';

/**
 * A stand-in for the built client under `dataDir` (its `index.html` only), for tests that start the
 * embedded stack without building the frontend. Answers the folder to pass as `frontendDir`.
 */
function writeTestFrontend(dataDir: string): string {
  const frontendDir = path.join(dataDir, 'frontend');
  mkdirSync(frontendDir);
  writeFileSync(path.join(frontendDir, 'index.html'), '<!doctype html><html><head><meta charset="UTF-8"><title>Nocturne</title></head><body><div id="root"></div></body></html>');
  return frontendDir;
}

/** The fields of `POST /api/auth/signup`. */
export interface Person {
  username: string;
  email: string;
  password: string;
  name: string;
  age: number;
}

export interface PersonOptions {
  /** Starts the username and the email address. */
  prefix?: string;
  /** A name, or one made of the person's number in this test file. */
  name?: string | ((number: number) => string);
  age?: number;
}

let people = 0;

/** Per-person deck-read and pass limits far above what any suite does (`crawlLimits.int.test.ts` sets its own). */
export const crawlingUnlimited = { SWIPE_DECK_READS_PER_MINUTE: '1000000', SWIPE_PASSES_PER_MINUTE: '1000000' } as const;

/** Sign-up fields no one has used yet: a username and an address made unique by the time and a count. */
export function newPerson({ prefix = 'owl', name = 'Luna Night', age = 27 }: PersonOptions = {}): Person {
  people += 1;
  const tag = `${Date.now().toString(36).slice(-5)}${people}`;
  return { username: `${prefix}${tag}`, email: `${prefix}.${tag}@example.test`, password: 'moonlight42', name: typeof name === 'function' ? name(people) : name, age };
}

/** Someone signed up: their user id, the `name=value` of their session cookie, and what they signed up with. */
export interface Member {
  id: number;
  cookie: string;
  person: Person;
}

export const BERLIN: readonly [number, number] = [52.52, 13.405];

export interface MemberOptions {
  gender?: string;
  /** Shared with `POST /api/update-location`; null shares none. */
  position?: readonly [number, number] | null;
  kinks?: string[];
  interests?: string[];
  bio?: string;
  /** By default a numbered owl of 30. */
  person?: Person;
}

type Write = 'post' | 'patch' | 'put' | 'delete';

export interface TestStack extends EmbeddedStack {
  dataDir: string;
  api(): ReturnType<typeof request>;
  /** A GET with the cookie of `who` (none when null). */
  get(who: { cookie: string } | null, url: string): request.Test;
  /** A write as this site's page sends it: its Origin, the cookie of `who` (none when null), a JSON body. */
  write(who: { cookie: string } | null, method: Write, url: string, body: object): request.Test;
  post(who: { cookie: string } | null, url: string, body: object): request.Test;
  /** A GraphQL operation as this site's page sends it: JSON, its Origin, the cookie of `who`. */
  graphql(who: { cookie: string } | null, query: string, variables?: Record<string, unknown>): request.Test;
  signUp(person?: Person): Promise<Member>;
  /** Signed up, and the profile service has made their profile from UserRegistered. */
  signUpWithProfile(person?: Person): Promise<Member>;
  /** Signed up, onboarded and (by default) placed in Berlin, so that others may swipe them. */
  member(options?: MemberOptions): Promise<Member>;
  /** Stops the stack and removes its data directory. */
  stop(): Promise<void>;
}

export interface TestStackOptions extends Omit<EmbeddedStackOptions, 'port' | 'host' | 'dataDir' | 'subgraphPorts' | 'frontendDir' | 'env'> {
  /** Settings on top of `LOG_LEVEL=silent` (which only applies without a `logger`); a function gets the data directory. */
  env?: NodeJS.ProcessEnv | ((dataDir: string) => NodeJS.ProcessEnv);
}

/**
 * The embedded stack in this process on 127.0.0.1 and free ports, on a new data directory named for the
 * suite (`nocturne-<name>-...`), with the test frontend; quiet unless the suite passes a logger.
 */
export async function startTestStack(name: string, { env, ...options }: TestStackOptions = {}): Promise<TestStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `nocturne-${name}-`));
  const frontendDir = writeTestFrontend(dataDir);
  const settings = typeof env === 'function' ? env(dataDir) : env;
  let stack: EmbeddedStack;
  try {
    stack = await startEmbeddedStack({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      subgraphPorts: 'free',
      frontendDir,
      ...options,
      // Suites poll the deck while events arrive; the limits themselves are tested with their own values.
      env: { ...crawlingUnlimited, ...(!options.logger && { LOG_LEVEL: 'silent' }), ...settings },
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  const api = () => request(stack.url);
  const get = (who: { cookie: string } | null, url: string) => {
    const req = api().get(url);
    return who ? req.set('Cookie', who.cookie) : req;
  };
  const write = (who: { cookie: string } | null, method: Write, url: string, body: object) => {
    const req = api()[method](url).set('Origin', stack.url);
    return (who ? req.set('Cookie', who.cookie) : req).send(body);
  };
  const graphql = (who: { cookie: string } | null, query: string, variables?: Record<string, unknown>) => {
    const req = api().post('/graphql').set('Origin', stack.url).set('Content-Type', 'application/json');
    if (who) req.set('Cookie', who.cookie);
    return req.send(JSON.stringify({ query, ...(variables && { variables }) }));
  };
  const signUp = async (person = newPerson()): Promise<Member> => {
    const res = await api().post('/api/auth/signup').send(person);
    expect(res.status).toBe(201);
    return { id: res.body.user.id as number, cookie: (res.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!, person };
  };
  return {
    ...stack,
    dataDir,
    api,
    get,
    write,
    post: (who, url, body) => write(who, 'post', url, body),
    graphql,
    signUp,
    async signUpWithProfile(person) {
      const member = await signUp(person);
      await eventually(async () => expect((await get(member, '/api/auth/user')).body.user.lastSeen).not.toBeNull());
      return member;
    },
    async member({ gender = 'Female', position = BERLIN, kinks = ['Rope Play'], interests = ['Art'], bio = 'Night owl.', person = newPerson({ name: (n) => `Owl ${n}`, age: 30 }) } = {}) {
      const member = await signUp(person);
      // The profile appears once UserRegistered reached the profile service.
      await eventually(async () => expect((await write(member, 'patch', `/api/user/${member.id}`, { gender, kinks, interests, bio })).status).toBe(200));
      if (position) expect((await write(member, 'post', '/api/update-location', { latitude: position[0], longitude: position[1] })).status).toBe(200);
      return member;
    },
    async stop() {
      try {
        await stack.stop();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The environment of `stack/dist/main.js` or `embeddedMain.js` on the in-process adapters: no real
 * infrastructure, the gateway on `port`, every other port free, no demo night owls, `dataDir` for the data
 * and the test frontend (written there).
 */
export function embeddedProcessEnv({ port, dataDir, logLevel }: { port: number; dataDir: string; logLevel: string }): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    KAFKA_BROKERS: '',
    MONGODB_URI: '',
    REDIS_URL: '',
    LOG_LEVEL: logLevel,
    PORT: String(port),
    METRICS_PORT: '0',
    ...Object.fromEntries(services.map((service) => [portVariableOf(service.name), '0'])),
    NOCTURNE_DATA_DIR: dataDir,
    FRONTEND_DIST: writeTestFrontend(dataDir),
    DEMO_NIGHT_OWLS: 'false',
  };
}
