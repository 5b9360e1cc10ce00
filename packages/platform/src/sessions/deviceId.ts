import { createHash, randomBytes } from 'node:crypto';

/**
 * Device cookies (docs/design.md, "Known devices"): a random id the browser keeps after a successful
 * sign-in, so the right password still gets through from it while strangers' failures lock the account.
 * Only its hash travels inside the system and is stored; the id itself stays in the cookie.
 */
export const newDeviceId = (): string => randomBytes(32).toString('base64url');

export const hashDeviceId = (id: string): string => createHash('sha256').update(id).digest('base64url');

/** What a device id (and its hash) looks like: base64url, no longer than ids this code hands out. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
