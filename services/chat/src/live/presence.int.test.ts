import { InProcessKeyValueStore } from '@nocturne/platform/inprocess';
import { LiveChannels } from '@nocturne/platform/kit';
import { eventually } from '@nocturne/platform/testing';
import { channels } from '../dependencies';
import { createPresence, type PresenceStatus } from './presence';

describe('presence from live connections', () => {
  let kv: InProcessKeyValueStore;
  beforeEach(() => {
    kv = new InProcessKeyValueStore();
  });
  afterEach(() => kv.close());

  it('is online while any connection is open, offline with a last-seen time after the last closes, announcing each change', async () => {
    const live = new LiveChannels(kv);
    const presence = createPresence({ kv, live, clock: () => new Date('2026-11-23T21:00:00.000Z') });
    const changes = await live.listen<PresenceStatus>([channels.presence(3)]);
    expect(await presence.status(3)).toEqual({ userId: 3, isOnline: false, lastSeenAt: null });
    const first = await presence.connect(3, 'UTC');
    const second = await presence.connect(3, 'UTC');
    expect((await presence.status(3)).isOnline).toBe(true);
    await first();
    expect((await presence.status(3)).isOnline).toBe(true);
    await second();
    expect(await presence.status(3)).toEqual({ userId: 3, isOnline: false, lastSeenAt: '2026-11-23T21:00:00.000Z' });
    expect((await changes.next()).value).toMatchObject({ isOnline: true });
    expect((await changes.next()).value).toMatchObject({ isOnline: false });
    await changes.return!();
  });

  it('shows others only that someone was active tonight: from the quarter hour after their first connection since 8:00 PM, until the next 8:00 PM on their clock', async () => {
    // 21:31 in Berlin.
    let now = new Date('2026-11-23T20:31:00.000Z');
    const presence = createPresence({ kv, live: new LiveChannels(kv), clock: () => now });
    expect(await presence.activeTonight(3)).toBe(false);
    const leave = await presence.connect(3, 'Europe/Berlin');
    expect(await presence.activeTonight(3)).toBe(false);
    now = new Date('2026-11-23T20:44:59.999Z');
    await leave();
    // Coming back keeps the first connection of the night.
    await (await presence.connect(3, 'Europe/Berlin'))();
    expect(await presence.activeTonight(3)).toBe(false);
    now = new Date('2026-11-23T20:45:00.000Z');
    expect(await presence.activeTonight(3)).toBe(true);
    // Kept until 8:00 PM in Berlin the next day (19:00 UTC), counted from the first connection.
    const ttl = (await kv.ttl('chat:first-seen-tonight:3'))!;
    expect(Math.abs(ttl - (Date.parse('2026-11-24T19:00:00.000Z') - Date.parse('2026-11-23T20:31:00.000Z')))).toBeLessThan(5_000);
  });

  it('goes offline by itself when a connection stops its heartbeat (a killed instance)', async () => {
    const presence = createPresence({ kv, live: new LiveChannels(kv), clock: () => new Date(), ttlMs: 60, heartbeatMs: 60_000 });
    await presence.connect(3, 'UTC');
    expect((await presence.status(3)).isOnline).toBe(true);
    await eventually(async () => expect((await presence.status(3)).isOnline).toBe(false));
  });
});
