import { randomUUID } from 'node:crypto';
import type { KeyValueStore, LiveChannels } from '@nocturne/platform';
import { channels } from '../dependencies';

/** A live connection counts for this long after its last heartbeat: a killed tab or instance goes offline within a minute. */
export const PRESENCE_TTL_MS = 45_000;
export const PRESENCE_HEARTBEAT_MS = 15_000;

export interface PresenceStatus {
  userId: number;
  isOnline: boolean;
  lastSeenAt: string | null;
}

const connectionsKey = (userId: number) => `chat:presence:${userId}`;
const connectionKey = (connectionId: string) => `chat:presence-connection:${connectionId}`;
const lastSeenKey = (userId: number) => `chat:last-seen:${userId}`;

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

  return {
    status,
    /** Registers one live connection of the person; the answer ends it. */
    async connect(userId: number): Promise<() => Promise<void>> {
      const id = randomUUID();
      const wasOnline = (await status(userId)).isOnline;
      await kv.set(connectionKey(id), String(userId), { ttlMs });
      await kv.addToSet(connectionsKey(userId), id);
      await seen(userId);
      if (!wasOnline) await live.publish(channels.presence(userId), await status(userId));
      const heartbeat = setInterval(() => {
        void Promise.all([kv.set(connectionKey(id), String(userId), { ttlMs }), seen(userId)]).catch(() => undefined);
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
