import { AuthEvents, type AccountDetailsChangedV1, type UserDeletedV1, type UserRegisteredV1 } from '@nocturne/contracts';
import type { StoredEvent } from '@nocturne/platform/ports';
import { hasErasedPersonalData } from '@nocturne/platform/privacy';
import type { IntegrationEventDraft } from '@nocturne/platform/relay';
import type { AccountDetailsChanged, UserDeleted, UserRegistered } from '../account/account';

/** Keyed by the user id, so one account's events stay in order. */
export type AuthIntegrationEvent = IntegrationEventDraft<string, UserRegisteredV1 | AccountDetailsChangedV1 | UserDeletedV1>;

/**
 * Which stored events leave the auth context, and with what: each field is copied on purpose, so that
 * email and password hash never reach another context. Everything else stays internal. An event whose
 * personal fields are erased (the account was deleted before it was published) stays in too: its
 * `UserDeleted` follows.
 */
export function toIntegrationEvent(event: StoredEvent): AuthIntegrationEvent | null {
  if (!event.streamId.startsWith('user-') || hasErasedPersonalData(event)) return null;
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, username, name, age, registeredAt } = (event.data as UserRegistered['data']);
      const data = AuthEvents.UserRegistered.schema.parse({ userId, username, name, age, registeredAt });
      return { type: AuthEvents.UserRegistered.type, version: AuthEvents.UserRegistered.version, aggregateId: String(userId), data };
    }
    case 'AccountDetailsChanged': {
      const { userId, name, age } = event.data as AccountDetailsChanged['data'];
      const data = AuthEvents.AccountDetailsChanged.schema.parse({ userId, name, age });
      return { type: AuthEvents.AccountDetailsChanged.type, version: AuthEvents.AccountDetailsChanged.version, aggregateId: String(userId), data };
    }
    case 'UserDeleted': {
      const { userId, deletedAt } = event.data as UserDeleted['data'];
      const data = AuthEvents.UserDeleted.schema.parse({ userId, deletedAt });
      return { type: AuthEvents.UserDeleted.type, version: AuthEvents.UserDeleted.version, aggregateId: String(userId), data };
    }
    default:
      return null;
  }
}
