import { createHmac } from 'node:crypto';
import type { PersonalDataRule, PersonalDataRules } from '@nocturne/platform/privacy';
import type { DomainEvent } from '@nocturne/platform/domain';
import type { AccountDetailsChanged, PasswordChanged, UserEvent, UserRegistered } from './account';

/** Personal fields of an event about user `data.userId`, encrypted with that user's key. */
const ofUser = <E extends DomainEvent>(fields: ReadonlyArray<Extract<keyof E['data'], string>>): PersonalDataRule => ({
  subject: (data) => String(data.userId),
  fields,
});

/**
 * What the event store holds encrypted. Claim, reset and id-sequence events name only ids and times;
 * `UserDeleted` carries nothing personal. Events stored before these rules (there is no production data)
 * read as they are, so no migration is needed.
 */
export const authPersonalData = {
  UserRegistered: ofUser<UserRegistered>(['username', 'email', 'name', 'age', 'passwordHash']),
  AccountDetailsChanged: ofUser<AccountDetailsChanged>(['name', 'age']),
  PasswordChanged: ofUser<PasswordChanged>(['passwordHash']),
} satisfies Partial<Record<UserEvent['type'], PersonalDataRule>> & PersonalDataRules;

/**
 * The part of a claim stream's id that stands for a normalized username or email: a keyed hash, so the id
 * does not reveal the name (a plain hash of an email address is easy to reverse by guessing), while equal
 * names still meet in one stream.
 */
export const claimLookupKey = (claimKey: Buffer, normalizedValue: string): string => createHmac('sha256', claimKey).update(normalizedValue, 'utf8').digest('base64url');
