import { InProcessKeyValueStore } from '../inprocess';
import type { KeyValueStore } from '../ports';
import { RedisKeyValueStore } from '../redis';
import { hashSessionId, SessionStore } from './sessionStore';

const MINUTE = 60_000;
const redisUrl = process.env.REDIS_URL;

/**
 * The store with a hook that runs right after a session is read and before `resolve` goes on: what
 * another request does in that gap, made deterministic instead of left to timing.
 */
function withHookAfterRead(kv: KeyValueStore) {
  let hook: (() => Promise<void>) | undefined;
  const hooked: KeyValueStore = Object.create(kv) as KeyValueStore;
  hooked.get = async (key: string) => {
    const value = await kv.get(key);
    const run = hook;
    hook = undefined;
    if (run && key.startsWith('session:')) await run();
    return value;
  };
  return { kv: hooked, afterNextRead: (run: () => Promise<void>) => (hook = run) };
}

const stores: Array<[string, () => Promise<KeyValueStore>]> = [['in-process', async () => new InProcessKeyValueStore({ sweepIntervalMs: 0 })]];
if (redisUrl) stores.push(['Redis', () => RedisKeyValueStore.connect(redisUrl)]);

describe.each(stores)('session refresh on %s', (_name, open) => {
  let kv: KeyValueStore;
  beforeEach(async () => {
    kv = await open();
  });
  afterEach(async () => {
    await kv.close();
  });

  it('does not bring back a session revoked between the read and the refresh', async () => {
    const { kv: hooked, afterNextRead } = withHookAfterRead(kv);
    const sessions = new SessionStore(hooked);
    const signedInAt = Date.now();
    const { id, hash } = await sessions.create(42, signedInAt);

    // Sign-out lands while a request of the same session is refreshing its idle timer.
    afterNextRead(() => new SessionStore(kv).revoke(hash, 42));
    expect(await sessions.resolve(id, signedInAt + 2 * MINUTE)).toBeNull();

    expect(await kv.get(`session:${hashSessionId(id)}`)).toBeNull();
    expect(await sessions.resolve(id, signedInAt + 3 * MINUTE)).toBeNull();
    expect(await kv.members('user-sessions:42')).not.toContain(hash);
  });

  it('keeps a session that a parallel request refreshed first', async () => {
    const { kv: hooked, afterNextRead } = withHookAfterRead(kv);
    const sessions = new SessionStore(hooked);
    const signedInAt = Date.now();
    const { id, hash } = await sessions.create(7, signedInAt);

    afterNextRead(async () => {
      await new SessionStore(kv).resolve(id, signedInAt + 2 * MINUTE);
    });
    expect(await sessions.resolve(id, signedInAt + 2 * MINUTE + 10)).toMatchObject({ hash, userId: 7, lastSeenAt: signedInAt + 2 * MINUTE });
    expect(await sessions.resolve(id, signedInAt + 3 * MINUTE)).toMatchObject({ hash, userId: 7 });
    await sessions.revoke(hash, 7);
  });

  it('refreshes the idle timer of a live session', async () => {
    const sessions = new SessionStore(kv, { idleMs: 10 * MINUTE, absoluteMs: 60 * MINUTE });
    const signedInAt = Date.now();
    const { id, hash } = await sessions.create(9, signedInAt);
    expect(await sessions.resolve(id, signedInAt + 5 * MINUTE)).toMatchObject({ lastSeenAt: signedInAt + 5 * MINUTE });
    // Idle for 9 minutes since the refresh, 14 since sign-in: still alive thanks to the refresh.
    expect(await sessions.resolve(id, signedInAt + 14 * MINUTE)).toMatchObject({ hash, userId: 9 });
    await sessions.revoke(hash, 9);
  });
});
