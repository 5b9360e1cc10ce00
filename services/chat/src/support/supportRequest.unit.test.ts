import { deciderSpecification } from '@nocturne/platform/testing';
import { supportRequestDecider } from './businessLogic';

const spec = deciderSpecification(supportRequestDecider);
const at = new Date('2026-11-01T21:00:00.000Z');
const request = { subject: 'Photo upload', message: 'My photo does not appear.' };
const requested = (plan: 'free' | 'nightPass' | 'plus' | 'max', priority: boolean) => ({
  type: 'SupportRequested' as const,
  data: { requestId: 'r1', userId: 7, ...request, plan, priority, requestedAt: at.toISOString() },
});

describe('support requests', () => {
  it.each([
    ['free', false],
    ['nightPass', false],
    ['plus', true],
    ['max', true],
  ] as const)('on the %s plan, priority is %s', (plan, priority) => {
    spec.given([]).when({ type: 'RequestSupport', requestId: 'r1', userId: 7, request, plan, now: at }).then([requested(plan, priority)]);
  });

  it('files a request once', () => {
    spec.given([requested('free', false)]).when({ type: 'RequestSupport', requestId: 'r1', userId: 7, request, plan: 'free', now: at }).then([]);
  });
});
