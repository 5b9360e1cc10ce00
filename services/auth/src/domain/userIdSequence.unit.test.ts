import { deciderSpecification } from './deciderSpecification';
import { userIdSequenceDecider } from './userIdSequence';

const spec = deciderSpecification(userIdSequenceDecider);
const now = new Date('2026-01-10T21:00:00.000Z');

describe('user id sequence', () => {
  it('starts at 1', () => {
    spec.given([]).when({ type: 'AllocateUserId', now }).then([{ type: 'UserIdAllocated', data: { userId: 1, allocatedAt: now.toISOString() } }]);
  });

  it('hands out the next whole number', () => {
    const at = '2026-01-01T00:00:00.000Z';
    spec
      .given([
        { type: 'UserIdAllocated', data: { userId: 1, allocatedAt: at } },
        { type: 'UserIdAllocated', data: { userId: 2, allocatedAt: at } },
      ])
      .when({ type: 'AllocateUserId', now })
      .then([{ type: 'UserIdAllocated', data: { userId: 3, allocatedAt: now.toISOString() } }]);
  });
});
