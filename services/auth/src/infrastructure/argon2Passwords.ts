import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import type { PasswordHasher } from '../account/ports';

export interface Argon2Settings {
  /** KiB. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's argon2id baseline (19 MiB, 2 iterations, 1 lane). */
export const defaultArgon2Settings: Argon2Settings = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** argon2id hashes; the parameters travel inside each hash, so stronger settings apply to new ones only. */
export async function createArgon2Passwords(settings: Argon2Settings = defaultArgon2Settings): Promise<PasswordHasher> {
  const options = { type: argon2.argon2id as typeof argon2.argon2id, ...settings };
  // A hash of nothing anyone knows, with the same cost as real ones.
  const dummyHash = await argon2.hash(randomBytes(32).toString('base64url'), options);
  return {
    hash: (password) => argon2.hash(password, options),
    verify: async (hash, password) => {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
    verifyAgainstDummy: async (password) => {
      await argon2.verify(dummyHash, password).catch(() => false);
    },
  };
}
