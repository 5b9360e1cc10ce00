import { InProcessKeyValueStore } from '@nocturne/platform/inprocess';
import { HttpError } from '@nocturne/platform/rest';
import { IdempotencyKeys, IdempotencyMessages } from './idempotency';

describe('Idempotency-Key', () => {
  const fingerprint = IdempotencyKeys.fingerprint('POST', '/api/auth/signup', { username: 'owl' });

  it('runs the first call, replays its kept answer for the same request, and refuses another request with the key', async () => {
    const keys = new IdempotencyKeys(new InProcessKeyValueStore());
    const first = await keys.claim('user:1', 'k-1', fingerprint);
    expect(first.kind).toBe('new');
    if (first.kind === 'new') await first.finish(201, { user: { id: 7 } });
    expect(await keys.claim('user:1', 'k-1', fingerprint)).toEqual({ kind: 'replay', status: 201, body: { user: { id: 7 } } });
    await expect(keys.claim('user:1', 'k-1', IdempotencyKeys.fingerprint('POST', '/api/auth/signup', { username: 'other' }))).rejects.toMatchObject({ status: 422, message: IdempotencyMessages.reused });
  });

  it('answers 409 with Retry-After while the first call runs, and runs again once a failed call freed the key', async () => {
    const keys = new IdempotencyKeys(new InProcessKeyValueStore());
    const first = await keys.claim('user:1', 'k-2', fingerprint);
    const refused = await keys.claim('user:1', 'k-2', fingerprint).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 409, message: IdempotencyMessages.inProgress, retryAfterSeconds: 1 });
    if (first.kind === 'new') await first.release();
    expect((await keys.claim('user:1', 'k-2', fingerprint)).kind).toBe('new');
  });

  it('keeps keys apart per person', async () => {
    const keys = new IdempotencyKeys(new InProcessKeyValueStore());
    const mine = await keys.claim('user:1', 'same', fingerprint);
    if (mine.kind === 'new') await mine.finish(200, { ok: true });
    expect((await keys.claim('user:2', 'same', fingerprint)).kind).toBe('new');
  });

  it('refuses a malformed key and takes none when the header is absent', () => {
    expect(IdempotencyKeys.keyOf(undefined)).toBeUndefined();
    expect(IdempotencyKeys.keyOf('3f1c-9a')).toBe('3f1c-9a');
    for (const bad of ['', 'with space', 'x'.repeat(201), 'é']) expect(() => IdempotencyKeys.keyOf(bad)).toThrow(IdempotencyMessages.malformed);
  });
});
