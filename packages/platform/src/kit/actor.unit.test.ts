import { RuleViolation } from '../domain/ruleViolation';
import { actorCommandContext, actorOf, causedBy, signedInActor, sourceOf } from './actor';

describe('actors and sources', () => {
  it('acts for the signed-in person of a request, naming the request in what it writes', () => {
    const actor = actorOf({ internal: { uid: 7, ip: '203.0.113.1', iat: 0 }, requestId: 'req-1' });
    expect(signedInActor(actor)).toBe(7);
    const newEventId = () => 'e-1';
    const now = new Date('2026-11-25T21:00:00Z');
    expect(actorCommandContext(newEventId, now, actor)).toEqual({ now, newEventId, metadata: { actorId: 7, correlationId: 'req-1' } });
  });

  it("carries the request's address, session and device as the gateway vouched for them", () => {
    expect(actorOf({ internal: { uid: 7, ip: '203.0.113.1', sid: 'session-hash', dev: 'device-hash', iat: 0 }, requestId: 'req-1' })).toEqual({ uid: 7, ip: '203.0.113.1', sid: 'session-hash', dev: 'device-hash', requestId: 'req-1' });
    expect(actorOf({ internal: { ip: '203.0.113.1', iat: 0 }, requestId: 'req-2' })).toEqual({ ip: '203.0.113.1', requestId: 'req-2' });
  });

  it('refuses a signed-out request', () => {
    const actor = actorOf({ internal: { ip: '203.0.113.1', iat: 0 }, requestId: 'req-2' });
    expect(() => signedInActor(actor)).toThrow(RuleViolation);
  });

  it('records the event a reaction answers, and the request that began it', () => {
    expect(causedBy(sourceOf({ id: 'ev-1', metadata: { correlationId: 'req-3' } }))).toEqual({ causationId: 'ev-1', correlationId: 'req-3' });
    expect(causedBy(sourceOf({ id: 'ev-2', metadata: {} }))).toEqual({ causationId: 'ev-2' });
  });
});
