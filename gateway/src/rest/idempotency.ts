import { createHash } from 'node:crypto';
import type { KeyValueStore } from '@nocturne/platform/ports';
import { HttpError } from '@nocturne/platform/rest';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a finished call's answer is kept for a retry with the same key. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** How long a call in progress holds its key (a gateway that died mid-call frees it after this). */
const IN_PROGRESS_TTL_MS = 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export const IdempotencyMessages = {
  malformed: 'Idempotency-Key must be 1 to 200 visible ASCII characters',
  inProgress: 'A request with this Idempotency-Key is still in progress. Please try again in a moment.',
  reused: 'This Idempotency-Key was already used for a different request',
} as const;

interface Entry {
  state: 'in-progress' | 'done';
  fingerprint: string;
  status?: number;
  body?: unknown;
}

export type Claim = { kind: 'new'; finish(status: number, body: unknown): Promise<void>; release(): Promise<void> } | { kind: 'replay'; status: number; body: unknown };

/**
 * `Idempotency-Key` on the REST writes: the first call with a key runs and its answer is kept for a day;
 * a retry with the same key and the same request gets that answer again without running anything, one
 * while the first is still running 409, one with another request 422. Keys belong to the signed-in person
 * (or, signed out, the client address). A call that failed on the server (5xx) keeps nothing, so its retry
 * runs again.
 */
export class IdempotencyKeys {
  constructor(private readonly kv: KeyValueStore) {}

  /** The key of a request, or undefined without the header; 400 for a malformed one. */
  static keyOf(header: string | undefined): string | undefined {
    if (header === undefined) return undefined;
    if (!KEY_PATTERN.test(header)) throw new HttpError(400, IdempotencyMessages.malformed);
    return header;
  }

  static fingerprint(method: string, path: string, body: unknown): string {
    return createHash('sha256').update(`${method} ${path} ${JSON.stringify(body ?? null)}`).digest('base64url');
  }

  async claim(scope: string, key: string, fingerprint: string): Promise<Claim> {
    const storeKey = `idempotency:${scope}:${createHash('sha256').update(key).digest('base64url')}`;
    const pending: Entry = { state: 'in-progress', fingerprint };
    if (await this.kv.set(storeKey, JSON.stringify(pending), { ttlMs: IN_PROGRESS_TTL_MS, onlyIfAbsent: true })) {
      return {
        kind: 'new',
        finish: async (status, body) => {
          const done: Entry = { state: 'done', fingerprint, status, body };
          await this.kv.set(storeKey, JSON.stringify(done), { ttlMs: IDEMPOTENCY_TTL_MS });
        },
        release: () => this.kv.delete(storeKey),
      };
    }
    const raw = await this.kv.get(storeKey);
    // Released or expired in between: the caller may simply try again.
    if (raw === null) throw new HttpError(409, IdempotencyMessages.inProgress, undefined, 1);
    const entry = JSON.parse(raw) as Entry;
    if (entry.fingerprint !== fingerprint) throw new HttpError(422, IdempotencyMessages.reused);
    if (entry.state !== 'done' || entry.status === undefined) throw new HttpError(409, IdempotencyMessages.inProgress, undefined, 1);
    return { kind: 'replay', status: entry.status, body: entry.body };
  }
}
