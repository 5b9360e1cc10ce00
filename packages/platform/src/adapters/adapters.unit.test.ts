import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdapters, createInProcessInfrastructure, parseRetentionHours, usesRealInfrastructure } from '.';
import { eventually } from '../testing';
import { integrationEvent } from '../testing/eventBusContract';
import { newEvent } from '../testing/eventStoreContract';

describe('createAdapters', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'nocturne-adapters-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('uses the real infrastructure only when all three variables are set', () => {
    expect(usesRealInfrastructure({ KAFKA_BROKERS: 'k:9092', MONGODB_URI: 'mongodb://m', REDIS_URL: 'redis://r' })).toBe(true);
    expect(usesRealInfrastructure({ KAFKA_BROKERS: 'k:9092', MONGODB_URI: 'mongodb://m' })).toBe(false);
    expect(usesRealInfrastructure({})).toBe(false);
  });

  it('gives embedded services one shared bus and key-value store and their own data folders', async () => {
    const shared = createInProcessInfrastructure(dir);
    const auth = await createAdapters({ service: 'auth', env: {}, shared });
    const profile = await createAdapters({ service: 'profile', env: {}, shared });
    expect(auth.mode).toBe('embedded');
    expect(auth.bus).toBe(profile.bus);
    expect(auth.kv).toBe(profile.kv);
    await auth.eventStore.append('user-1', [newEvent()], { expectedVersion: 0 });
    expect(await profile.eventStore.readStream('user-1')).toEqual([]);
    const seen: string[] = [];
    const consumer = await profile.bus.subscribe({ groupId: 'profile', topics: ['auth.events'], handler: async (m) => void seen.push(m.event.id) });
    const event = integrationEvent('1');
    await auth.bus.publish('auth.events', [{ key: '1', event }]);
    await eventually(() => expect(seen).toEqual([event.id]));
    await consumer.stop();
    await auth.close();
    await profile.close();
    await shared.close();
    expect(existsSync(join(dir, 'auth', 'events.log'))).toBe(true);
    expect(existsSync(join(dir, 'bus', 'topics', 'auth.events.log'))).toBe(true);
  });

  it('keeps the shared key-value store under <data>/kv across a restart, and flushes it on close', async () => {
    const shared = createInProcessInfrastructure(dir);
    const auth = await createAdapters({ service: 'auth', env: {}, shared });
    const writes = [auth.kv.set('session:abc', '{"userId":1}', { ttlMs: 60_000 }), auth.kv.addToSet('user-sessions:1', 'abc')];
    await auth.close();
    await shared.close();
    await Promise.all(writes);
    expect(existsSync(join(dir, 'kv', 'journal.log'))).toBe(true);

    const restarted = createInProcessInfrastructure(dir);
    expect(await restarted.kv.get('session:abc')).toBe('{"userId":1}');
    expect(await restarted.kv.members('user-sessions:1')).toEqual(['abc']);
    await restarted.close();
  });

  it('keeps everything in memory with dataDir null', async () => {
    const adapters = await createAdapters({ service: 'auth', env: { NOCTURNE_DATA_DIR: dir }, dataDir: null });
    await adapters.eventStore.append('user-1', [newEvent()], { expectedVersion: 0 });
    await adapters.close();
    expect(existsSync(join(dir, 'auth'))).toBe(false);
  });

  it('rejects a service name that is not a plain folder name', async () => {
    await expect(createAdapters({ service: '../etc', env: {}, dataDir: null })).rejects.toThrow(/service name/);
  });
});

describe('parseRetentionHours', () => {
  it('keeps a week by default and takes whole hours', () => {
    expect(parseRetentionHours(undefined)).toBe(168);
    expect(parseRetentionHours(' ')).toBe(168);
    expect(parseRetentionHours('24')).toBe(24);
  });

  it.each(['0', '-1', '1.5', 'a day'])('refuses %p', (value) => {
    expect(() => parseRetentionHours(value)).toThrow('KAFKA_RETENTION_HOURS');
  });
});
