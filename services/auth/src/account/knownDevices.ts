import type { KeyValueStore } from '@nocturne/platform/ports';
import { hashDeviceId, newDeviceId } from '@nocturne/platform/sessions';

export interface IssuedDevice {
  /** The device cookie's value. */
  id: string;
  maxAgeSeconds: number;
}

/**
 * Devices that signed in to an account before (OWASP "device cookies"): a random id in a long-lived
 * HttpOnly cookie, bound to the account here, as `auth:device:<sha256(id)>:<userId>` with the cookie's
 * lifetime. A device id the server did not bind to the account counts as unknown, whatever the browser
 * sends. See docs/design.md, "Known devices".
 */
export class KnownDevices {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly lifetimeMs: number,
    private readonly prefix = 'auth:device:',
  ) {}

  private key(deviceHash: string, userId: number) {
    return `${this.prefix}${deviceHash}:${userId}`;
  }

  /** Whether the device behind `deviceHash` (the internal context's `dev`) signed in to this account before. */
  async isKnown(deviceHash: string | undefined, userId: number): Promise<boolean> {
    if (!deviceHash) return false;
    return (await this.kv.get(this.key(deviceHash, userId))) !== null;
  }

  /**
   * After a successful sign-in: a new id bound to the account (OWASP: a new device cookie at every
   * success), replacing the binding of the device's previous id. Answers the cookie to set.
   */
  async remember(userId: number, previousHash: string | undefined): Promise<IssuedDevice> {
    const id = newDeviceId();
    await this.kv.set(this.key(hashDeviceId(id), userId), '1', { ttlMs: this.lifetimeMs });
    if (previousHash) await this.kv.delete(this.key(previousHash, userId));
    return { id, maxAgeSeconds: Math.floor(this.lifetimeMs / 1000) };
  }
}
