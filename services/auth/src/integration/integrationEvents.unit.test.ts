import type { StoredEvent } from '@nocturne/platform/ports';
import { toIntegrationEvent } from './integrationEvents';

const stored = (streamId: string, type: string, data: unknown): StoredEvent => ({
  id: 'e1',
  type,
  data,
  streamId,
  streamVersion: 1,
  globalPosition: 1,
  schemaVersion: 1,
  occurredAt: '2026-01-01T20:00:00.000Z',
});

describe('auth integration events', () => {
  it('publishes nothing for an event whose personal data was erased before it went out', () => {
    const erased = { ...stored('user-7', 'UserRegistered', { userId: 7, username: null, email: null, name: null, age: null, passwordHash: null, registeredAt: 'x' }), metadata: { personalDataErased: true as const } };
    expect(toIntegrationEvent(erased)).toBeNull();
    expect(toIntegrationEvent({ ...stored('user-7', 'UserDeleted', { userId: 7, deletedAt: '2026-01-02T20:00:00.000Z' }) })).toMatchObject({ type: 'UserDeleted' });
  });

  it('publishes a registration without email or password hash', () => {
    const draft = toIntegrationEvent(
      stored('user-7', 'UserRegistered', { userId: 7, username: 'luna', email: 'luna@example.com', name: 'Luna', age: 25, passwordHash: '$argon2id$x', registeredAt: '2026-01-01T20:00:00.000Z' }),
    );
    expect(draft).toEqual({ type: 'UserRegistered', version: 1, aggregateId: '7', data: { userId: 7, username: 'luna', name: 'Luna', age: 25, registeredAt: '2026-01-01T20:00:00.000Z' } });
  });

  it('publishes details changes and deletions with the contract fields only', () => {
    expect(toIntegrationEvent(stored('user-7', 'AccountDetailsChanged', { userId: 7, name: 'Selene', age: 30, changedAt: 'x' }))?.data).toEqual({ userId: 7, name: 'Selene', age: 30 });
    expect(toIntegrationEvent(stored('user-7', 'UserDeleted', { userId: 7, deletedAt: '2026-01-02T00:00:00.000Z' }))?.data).toEqual({ userId: 7, deletedAt: '2026-01-02T00:00:00.000Z' });
  });

  it('keeps internal events inside the service', () => {
    expect(toIntegrationEvent(stored('user-7', 'PasswordChanged', { userId: 7, passwordHash: 'h', changedAt: 'x' }))).toBeNull();
    expect(toIntegrationEvent(stored('username-luna', 'ClaimMade', { kind: 'username', userId: 7, claimedAt: 'x' }))).toBeNull();
    expect(toIntegrationEvent(stored('reset-abc', 'PasswordResetRequested', { userId: 7, tokenHash: 'abc' }))).toBeNull();
    expect(toIntegrationEvent(stored('user-ids', 'UserIdAllocated', { userId: 7 }))).toBeNull();
  });
});
