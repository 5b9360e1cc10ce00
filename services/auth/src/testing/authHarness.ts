import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdapters, type Adapters } from '@nocturne/platform/adapters';
import { INTERNAL_CONTEXT_HEADER, SET_DEVICE_HEADER, SET_SESSION_HEADER, signGraphqlRequest, type InternalContext } from '@nocturne/platform/http';
import type { ServiceInstance } from '@nocturne/platform/kit';
import { createLogger } from '@nocturne/platform/logging';
import type { KeyValueStore } from '@nocturne/platform/ports';
import { hashDeviceId, SessionStore } from '@nocturne/platform/sessions';
import { ProfileEvents, SwipeEvents, Topics, type IntegrationEvent } from '@nocturne/contracts';
import type { AuthRateLimits } from '../account/application';
import { defaultAuthConfig, type AuthConfig } from '../config';
import { authService } from '../service';

export const TEST_SECRET = 'auth-test-secret-of-some-length';

/** A clock the test moves by hand. */
export class TestClock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export interface GraphQLAnswer<T = Record<string, unknown>> {
  status: number;
  body: { data?: T | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
  headers: Headers;
  /** The session id of `x-nocturne-set-session`, or 'clear', or undefined. */
  session: string | undefined;
  /** The device id of `x-nocturne-set-device` (the device cookie to keep), or undefined. */
  device: string | undefined;
}

export interface Caller {
  ip?: string;
  /** A session id as the browser's cookie holds it; the harness resolves it like the gateway. */
  session?: string;
  /** A device id as the browser's device cookie holds it; the harness hashes it like the gateway. */
  device?: string;
  /** Another subgraph's reference made for this signed-in person (`_entities` as the gateway plans it). */
  viewer?: number;
}

/** A signed-in person of no account here, for `_entities` lookups of others. */
export const SOME_VIEWER: Caller = { viewer: 999_999 };

export interface AuthHarnessOptions {
  dataDir?: string;
  rateLimits?: Partial<AuthRateLimits>;
  clock?: TestClock;
  /** Keep the key-value store (sessions) across a restart, as Redis would. */
  kv?: KeyValueStore;
  /** Events and data keys elsewhere (MongoDB); the caller closes them. */
  storage?: Pick<Adapters, 'eventStore' | 'personalData'>;
}

/**
 * The auth subgraph on port 0 with in-process adapters, called over HTTP with signed headers, the way
 * the gateway calls it.
 */
export class AuthHarness {
  readonly outboxDir: string;
  readonly clock: TestClock;
  private constructor(
    readonly service: ServiceInstance,
    readonly adapters: Adapters,
    readonly url: string,
    readonly sessions: SessionStore,
    readonly dataDir: string,
    outboxDir: string,
    clock: TestClock,
  ) {
    this.outboxDir = outboxDir;
    this.clock = clock;
  }

  static async start(options: AuthHarnessOptions = {}): Promise<AuthHarness> {
    const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'nocturne-auth-'));
    const outboxDir = join(dataDir, 'outbox');
    const clock = options.clock ?? new TestClock();
    const logger = createLogger('auth', { env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' } });
    const adapters = await createAdapters({ service: 'auth', env: {}, dataDir, logger });
    const kv = options.kv ?? adapters.kv;
    const config: AuthConfig = {
      ...defaultAuthConfig,
      port: 0,
      internalSecret: TEST_SECRET,
      publicUrl: 'http://nocturne.test',
      mail: { from: 'Nocturne <no-reply@nocturne.test>', outboxDir },
      rateLimits: { ...defaultAuthConfig.rateLimits, ...options.rateLimits },
    };
    const service = authService.create({ adapters: { ...adapters, kv, ...options.storage }, config, logger, clock: clock.now });
    const { url } = await service.start();
    const sessions = new SessionStore(kv, { idleMs: config.sessions.idleMinutes * 60_000, absoluteMs: config.sessions.maxDays * 24 * 3600_000 });
    return new AuthHarness(service, adapters, url, sessions, dataDir, outboxDir, clock);
  }

  async stop({ keepData = false } = {}): Promise<void> {
    await this.service.stop();
    await this.adapters.close();
    if (!keepData) rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** The signed context the gateway would send for this caller, bound to this GraphQL body. */
  async contextHeader(caller: Caller, body: string): Promise<string> {
    const context: Omit<InternalContext, 'iat'> = { ip: caller.ip ?? '203.0.113.1', ...(caller.device && { dev: hashDeviceId(caller.device) }), ...(caller.viewer && { uid: caller.viewer }) };
    if (caller.session) {
      const session = await this.sessions.resolve(caller.session, this.clock.now().getTime());
      if (session) Object.assign(context, { uid: session.userId, sid: session.hash });
    }
    return signGraphqlRequest(context, TEST_SECRET, body);
  }

  async graphql<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}, caller: Caller = {}): Promise<GraphQLAnswer<T>> {
    const body = JSON.stringify({ query, variables });
    const response = await fetch(this.url, { method: 'POST', headers: { 'content-type': 'application/json', [INTERNAL_CONTEXT_HEADER]: await this.contextHeader(caller, body) }, body });
    const header = response.headers.get(SET_SESSION_HEADER) ?? undefined;
    const device = response.headers.get(SET_DEVICE_HEADER)?.split(';')[0];
    return {
      status: response.status,
      body: (await response.json()) as GraphQLAnswer<T>['body'],
      headers: response.headers,
      session: header === undefined ? undefined : header === 'clear' ? 'clear' : header.split(';')[0],
      device,
    };
  }

  /**
   * What the profile service publishes when a profile edit carries a name and age (the account follows
   * it); resolves once the account shows them.
   */
  async followProfileEdit(userId: number, edit: { name: string; age: number }): Promise<IntegrationEvent> {
    const contract = ProfileEvents.AccountDetailsEdited;
    const data = { userId, ...edit, editedAt: this.clock.now().toISOString() };
    const event: IntegrationEvent = { id: randomUUID(), type: contract.type, version: contract.version, occurredAt: data.editedAt, aggregateId: String(userId), data, metadata: {} };
    await this.adapters.bus.publish(Topics.profile, [{ key: event.aggregateId, event }]);
    for (const deadline = Date.now() + 5_000; ; ) {
      const answer = await this.graphql<{ _entities: Array<{ name: string; age: number }> }>(ENTITIES, { representations: [{ __typename: 'User', id: userId }] }, { viewer: userId });
      const shown = answer.body.data?._entities[0];
      if (shown?.name === edit.name.trim() && shown.age === edit.age) return event;
      if (Date.now() > deadline) throw new Error(`the account did not follow the edit within 5 s: ${JSON.stringify(shown)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** What the swipe service publishes when `blockerId` blocks `blockedId` (keyed by the pair's stream). */
  async publishBlock(blockerId: number, blockedId: number): Promise<IntegrationEvent> {
    const contract = SwipeEvents.PersonBlocked;
    const data = { blockerId, blockedId, blockedAt: this.clock.now().toISOString() };
    const aggregateId = `pair-${Math.min(blockerId, blockedId)}-${Math.max(blockerId, blockedId)}`;
    const event: IntegrationEvent = { id: randomUUID(), type: contract.type, version: contract.version, occurredAt: data.blockedAt, aggregateId, data, metadata: {} };
    await this.adapters.bus.publish(Topics.swipe, [{ key: event.aggregateId, event }]);
    return event;
  }

  /** Mails written to the outbox, oldest first. */
  mails(): Array<{ to: string; subject: string; text: string; link?: string }> {
    let names: string[];
    try {
      names = readdirSync(this.outboxDir).filter((name) => name.endsWith('.json'));
    } catch {
      return [];
    }
    return names.sort().map((name) => JSON.parse(readFileSync(join(this.outboxDir, name), 'utf8')));
  }
}

export const USER_FIELDS = 'id username email name age createdAt';
export const SIGN_UP = `mutation SignUp($input: SignUpInput!) { signUp(input: $input) { user { ${USER_FIELDS} } } }`;
export const SIGN_IN = `mutation SignIn($username: String!, $password: String!) { signIn(username: $username, password: $password) { user { ${USER_FIELDS} } } }`;
export const SIGN_OUT = 'mutation { signOut }';
export const ME = `{ me { ${USER_FIELDS} } }`;
export const REQUEST_RESET = 'mutation Request($email: String!) { requestPasswordReset(email: $email) }';
export const RESET = 'mutation Reset($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }';
export const DELETE_ACCOUNT = 'mutation { deleteAccount }';
export const ENTITIES = `query Entities($representations: [_Any!]!) { _entities(representations: $representations) { ... on User { ${USER_FIELDS} } } }`;

let counter = 0;
/** A valid, unique sign-up input. */
export function newAccount(overrides: Partial<{ username: string; email: string; password: string; name: string; age: number }> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-4)}${counter}`;
  return { username: `night${tag}`, email: `night${tag}@example.com`, password: 'moonlight-7', name: 'Luna', age: 27, ...overrides };
}
