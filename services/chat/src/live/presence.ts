import { randomUUID } from 'node:crypto';
import { isValidTimeZone, nextWindowOpening } from '@nocturne/contracts';
import type { LiveChannels } from '@nocturne/platform/kit';
import type { KeyValueStore } from '@nocturne/platform/ports';
import { channels } from '../dependencies';

/** A live connection counts for this long after its last heartbeat: a killed tab or instance goes offline within a minute. */
export const PRESENCE_TTL_MS = 45_000;
export const PRESENCE_HEARTBEAT_MS = 15_000;

/** What people other than matches are shown moves in these steps, so no moment of arrival can be read from it. */
export const ACTIVE_TONIGHT_STEP_MS = 15 * 60_000;

/**
 * Active tonight, as people other than matches see it: a live connection since the last 8:00 PM on the
 * person's clock (`firstSeen`: the first of them), shown from the first quarter hour (:00, :15, :30, :45)
 * after it began. It says nothing of when the person came or left: it turns on at a quarter hour and
 * off at 8:00 PM.
 */
export function isActiveTonight(firstSeen: string | null, now: Date): boolean {
  if (firstSeen === null) return false;
  const quarterStarted = Math.floor(now.getTime() / ACTIVE_TONIGHT_STEP_MS) * ACTIVE_TONIGHT_STEP_MS;
  return Date.parse(firstSeen) < quarterStarted;
}

export interface PresenceStatus {
  userId: number;
  isOnline: boolean;
  lastSeenAt: string | null;
}

const connectionsKey = (userId: number) => `chat:presence:${userId}`;
const connectionKey = (connectionId: string) => `chat:presence-connection:${connectionId}`;
const lastSeenKey = (userId: number) => `chat:last-seen:${userId}`;
/** The first connection since the person's last 8:00 PM; it expires at their next one. */
const firstSeenTonightKey = (userId: number) => `chat:first-seen-tonight:${userId}`;

/**
 * Who is online, from their live connections: each open subscription of a person registers a connection
 * in the key-value store (shared by every instance) and refreshes it with a heartbeat; a person is online
 * while any of their connections is fresh. Changes are announced on the person's presence channel.
 */
export function createPresence(deps: { kv: KeyValueStore; live: LiveChannels; clock: () => Date; heartbeatMs?: number; ttlMs?: number }) {
  const { kv, live } = deps;
  const ttlMs = deps.ttlMs ?? PRESENCE_TTL_MS;
  const heartbeatMs = deps.heartbeatMs ?? PRESENCE_HEARTBEAT_MS;

  async function status(userId: number): Promise<PresenceStatus> {
    let isOnline = false;
    for (const id of await kv.members(connectionsKey(userId))) {
      if ((await kv.get(connectionKey(id))) !== null) isOnline = true;
      else await kv.removeFromSet(connectionsKey(userId), id);
    }
    return { userId, isOnline, lastSeenAt: await kv.get(lastSeenKey(userId)) };
  }

  const seen = (userId: number) => kv.set(lastSeenKey(userId), deps.clock().toISOString());
  /** Notes the first connection of the night (kept when there is one), until 8:00 PM on the person's clock. */
  const seenTonight = (userId: number, timeZone: string) => {
    const now = deps.clock();
    return kv.set(firstSeenTonightKey(userId), now.toISOString(), { onlyIfAbsent: true, ttlMs: nextWindowOpening(now, timeZone).getTime() - now.getTime() });
  };

  return {
    status,
    /** A deleted account leaves no trace of when it was around. */
    async forget(userId: number): Promise<void> {
      await Promise.all([kv.delete(lastSeenKey(userId)), kv.delete(firstSeenTonightKey(userId))]);
    },
    /** Whether the person was active tonight (`isActiveTonight`): all that people other than their matches see. */
    activeTonight: async (userId: number): Promise<boolean> => isActiveTonight(await kv.get(firstSeenTonightKey(userId)), deps.clock()),
    /** Registers one live connection of the person, whose clock is `timeZone`; the answer ends it. */
    async connect(userId: number, timeZone: string): Promise<() => Promise<void>> {
      const id = randomUUID();
      // A zone the clock cannot read must not cost the person their live connection.
      const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
      const wasOnline = (await status(userId)).isOnline;
      await kv.set(connectionKey(id), String(userId), { ttlMs });
      await kv.addToSet(connectionsKey(userId), id);
      await Promise.all([seen(userId), seenTonight(userId, zone)]);
      if (!wasOnline) await live.publish(channels.presence(userId), await status(userId));
      const heartbeat = setInterval(() => {
        void Promise.all([kv.set(connectionKey(id), String(userId), { ttlMs }), seen(userId), seenTonight(userId, zone)]).catch(() => undefined);
      }, heartbeatMs);
      heartbeat.unref();
      let ended = false;
      return async () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        await kv.delete(connectionKey(id));
        await kv.removeFromSet(connectionsKey(userId), id);
        await seen(userId);
        const now = await status(userId);
        if (!now.isOnline) await live.publish(channels.presence(userId), now);
      };
    },
  };
}
export type Presence = ReturnType<typeof createPresence>;
