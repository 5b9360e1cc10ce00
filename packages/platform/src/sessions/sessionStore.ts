import { createHash, randomBytes } from 'node:crypto';
import type { KeyValueStore } from '../ports';
import { sessionsCreated } from '../telemetry/metrics';

export interface SessionPolicy {
  /** A session unused for this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, used or not. */
  absoluteMs: number;
}

export const defaultSessionPolicy: SessionPolicy = { idleMs: 7 * 24 * 3600_000, absoluteMs: 30 * 24 * 3600_000 };

export interface Session {
  /** sha256 of the id: what is stored and signed, never the id itself. */
  hash: string;
  userId: number;
  createdAt: number;
  lastSeenAt: number;
}

interface StoredSession {
  userId: number;
  createdAt: number;
  lastSeenAt: number;
}

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('base64url');
const sessionKey = (hash: string) => `session:${hash}`;
const userKey = (userId: number) => `user-sessions:${userId}`;
/** Pub/sub channel announcing the hash of each session that ends, so live connections on it close. */
export const SESSION_ENDED_CHANNEL = 'sessions:ended';
/** Resolving refreshes the idle timer at most this often, so reads don't write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/** Server-side sessions in the key-value store (Redis in production). See docs/design.md. */
export class SessionStore {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly policy: SessionPolicy = defaultSessionPolicy,
  ) {}

  /** Starts a session and answers the opaque id for the cookie (256 random bits). */
  async create(userId: number, now = Date.now()): Promise<{ id: string; hash: string; maxAgeSeconds: number }> {
    const id = randomBytes(32).toString('base64url');
    const hash = hashSessionId(id);
    const stored: StoredSession = { userId, createdAt: now, lastSeenAt: now };
    await this.kv.set(sessionKey(hash), JSON.stringify(stored), { ttlMs: this.policy.idleMs });
    await this.kv.addToSet(userKey(userId), hash);
    sessionsCreated.inc();
    return { id, hash, maxAgeSeconds: Math.floor(this.policy.absoluteMs / 1000) };
  }

  /** The live session behind a cookie value, or null; extends the idle timeout. */
  async resolve(id: string | undefined, now = Date.now()): Promise<Session | null> {
    if (!id || id.length > 100) return null;
    const hash = hashSessionId(id);
    const raw = await this.kv.get(sessionKey(hash));
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredSession;
    if (now - stored.createdAt >= this.policy.absoluteMs || now - stored.lastSeenAt >= this.policy.idleMs) {
      await this.revoke(hash, stored.userId);
      return null;
    }
    if (now - stored.lastSeenAt >= TOUCH_INTERVAL_MS) {
      const touched: StoredSession = { ...stored, lastSeenAt: now };
      // Only over the value just read: a session revoked meanwhile (sign-out, password reset) must stay
      // gone, which a plain write would undo.
      if (await this.kv.compareAndSet(sessionKey(hash), raw, JSON.stringify(touched), { ttlMs: this.policy.idleMs })) return { hash, ...touched };
      // Revoked meanwhile, or touched by a parallel request: what is stored now decides.
      const current = await this.kv.get(sessionKey(hash));
      return current ? { hash, ...(JSON.parse(current) as StoredSession) } : null;
    }
    return { hash, ...stored };
  }

  async revoke(hash: string, userId?: number): Promise<void> {
    let owner = userId;
    if (owner === undefined) {
      const raw = await this.kv.get(sessionKey(hash));
      owner = raw ? (JSON.parse(raw) as StoredSession).userId : undefined;
    }
    await this.kv.delete(sessionKey(hash));
    if (owner !== undefined) await this.kv.removeFromSet(userKey(owner), hash);
    await this.kv.publish(SESSION_ENDED_CHANNEL, hash);
  }

  /** Calls `handler` with the hash of every session that ends from now on (sign-out, password reset, deletion); answers the unsubscribe. */
  onEnded(handler: (hash: string) => void): Promise<() => Promise<void>> {
    return this.kv.subscribe(SESSION_ENDED_CHANNEL, handler);
  }

  /** Ends every session of a user except `keepHash` (password change keeps none, or the current one). */
  async revokeAllForUser(userId: number, keepHash?: string): Promise<void> {
    for (const hash of await this.kv.members(userKey(userId))) {
      if (hash !== keepHash) await this.revoke(hash, userId);
    }
  }
}
