import { Messages } from '@nocturne/contracts';
import { RuleViolation } from '@nocturne/platform/domain';
import { deciderSpecification } from '@nocturne/platform/testing';
import { claimDecider } from './businessLogic';
import type { ClaimEvent } from './claim';

const spec = deciderSpecification(claimDecider);
const now = new Date('2026-01-10T21:00:00.000Z');
const claimedBySeven: ClaimEvent = { type: 'ClaimMade', data: { kind: 'username', userId: 7, claimedAt: '2026-01-10T20:59:00.000Z' } };
const make = (userId: number, options: { ownerRegistered?: boolean; at?: Date } = {}) => ({
  type: 'MakeClaim' as const,
  kind: 'username' as const,
  userId,
  now: options.at ?? now,
  ownerRegistered: options.ownerRegistered ?? true,
  abandonedAfterMs: 5 * 60_000,
});

describe('claim decider', () => {
  it('claims a free name', () => {
    spec.given([]).when(make(7)).then([{ type: 'ClaimMade', data: { kind: 'username', userId: 7, claimedAt: now.toISOString() } }]);
  });

  it('refuses a name someone else holds, naming the field', () => {
    spec
      .given([claimedBySeven])
      .when(make(8))
      .thenThrows((error) => {
        expect(error).toBeInstanceOf(RuleViolation);
        expect(error).toMatchObject({ code: 'CONFLICT', field: 'username', message: Messages.usernameTaken });
      });
  });

  it('names the email rule for email claims', () => {
    const emailClaim: ClaimEvent = { type: 'ClaimMade', data: { kind: 'email', userId: 7, claimedAt: now.toISOString() } };
    deciderSpecification(claimDecider)
      .given([emailClaim])
      .when({ ...make(8), kind: 'email' })
      .thenThrows((error) => expect(error).toMatchObject({ code: 'CONFLICT', field: 'email', message: Messages.emailTaken }));
  });

  it('is idempotent for the holder', () => {
    spec.given([claimedBySeven]).when(make(7)).thenNothingHappens();
  });

  it('can claim a released name again', () => {
    const released: ClaimEvent = { type: 'ClaimReleased', data: { kind: 'username', userId: 7, releasedAt: now.toISOString() } };
    spec.given([claimedBySeven, released]).when(make(8)).then([{ type: 'ClaimMade', data: { kind: 'username', userId: 8, claimedAt: now.toISOString() } }]);
  });

  it('takes over a claim whose sign-up never finished, once it is old enough', () => {
    const later = new Date('2026-01-10T21:10:00.000Z');
    spec
      .given([claimedBySeven])
      .when(make(8, { ownerRegistered: false, at: later }))
      .then([
        { type: 'ClaimReleased', data: { kind: 'username', userId: 7, releasedAt: later.toISOString() } },
        { type: 'ClaimMade', data: { kind: 'username', userId: 8, claimedAt: later.toISOString() } },
      ]);
    spec.given([claimedBySeven]).when(make(8, { ownerRegistered: false })).thenThrows((error) => expect(error).toMatchObject({ code: 'CONFLICT' }));
  });

  it('releases only its own claim', () => {
    spec.given([claimedBySeven]).when({ type: 'ReleaseClaim', kind: 'username', userId: 8, now }).thenNothingHappens();
    spec
      .given([claimedBySeven])
      .when({ type: 'ReleaseClaim', kind: 'username', userId: 7, now })
      .then([{ type: 'ClaimReleased', data: { kind: 'username', userId: 7, releasedAt: now.toISOString() } }]);
  });
});
