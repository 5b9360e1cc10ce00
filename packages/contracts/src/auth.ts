import { z } from 'zod';
import { integrationContract } from './envelope';

/** Integration events published by the auth context on `auth.events`, keyed by user id. */
export const UserRegisteredV1 = z.object({
  userId: z.number().int().positive(),
  username: z.string(),
  name: z.string(),
  age: z.number().int(),
  registeredAt: z.string(),
});
export type UserRegisteredV1 = z.infer<typeof UserRegisteredV1>;

/** The account's name or age changed (auth follows the profile context's AccountDetailsEdited: the profile edit owns the request). */
export const AccountDetailsChangedV1 = z.object({
  userId: z.number().int().positive(),
  name: z.string(),
  age: z.number().int(),
});
export type AccountDetailsChangedV1 = z.infer<typeof AccountDetailsChangedV1>;

/** The person asked for their account to be erased: every context erases what it holds about them. */
export const UserDeletedV1 = z.object({
  userId: z.number().int().positive(),
  deletedAt: z.string(),
});
export type UserDeletedV1 = z.infer<typeof UserDeletedV1>;

export const AuthEvents = {
  UserRegistered: integrationContract({ type: 'UserRegistered', version: 1, schema: UserRegisteredV1, personal: ['username', 'name', 'age'] }),
  AccountDetailsChanged: integrationContract({ type: 'AccountDetailsChanged', version: 1, schema: AccountDetailsChangedV1, personal: ['name', 'age'] }),
  UserDeleted: integrationContract({ type: 'UserDeleted', version: 1, schema: UserDeletedV1, personal: [] }),
} as const;
