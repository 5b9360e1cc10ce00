import { InProcessKeyValueStore, LiveChannels } from '@nocturne/platform';
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
    const first = await presence.connect(3);
    const second = await presence.connect(3);
    expect((await presence.status(3)).isOnline).toBe(true);
    await first();
    expect((await presence.status(3)).isOnline).toBe(true);
    await second();
    expect(await presence.status(3)).toEqual({ userId: 3, isOnline: false, lastSeenAt: '2026-11-23T21:00:00.000Z' });
    expect((await changes.next()).value).toMatchObject({ isOnline: true });
    expect((await changes.next()).value).toMatchObject({ isOnline: false });
    await changes.return!();
  });

  it('goes offline by itself when a connection stops its heartbeat (a killed instance)', async () => {
    const presence = createPresence({ kv, live: new LiveChannels(kv), clock: () => new Date(), ttlMs: 60, heartbeatMs: 60_000 });
    await presence.connect(3);
    expect((await presence.status(3)).isOnline).toBe(true);
    await eventually(async () => expect((await presence.status(3)).isOnline).toBe(false));
  });
});
