import { deciderSpecification } from '@nocturne/platform/testing';
import { chatterDecider, type StartWriting } from './businessLogic';
import type { ChatterEvent } from './chatter';

const spec = deciderSpecification(chatterDecider);
// 21:00 in Berlin on 23 November: the night of the 23rd.
const now = new Date('2026-11-23T20:00:00.000Z');
const write = (matchId: number, at = now): StartWriting => ({ type: 'StartWriting', userId: 3, matchId, now: at });
const started = (matchId: number, night = '2026-11-23', at = now): ChatterEvent => ({ type: 'ChatStarted', data: { userId: 3, matchId, night, startedAt: at.toISOString() } });
const berlin: ChatterEvent = { type: 'ChatterTimeZoneSet', data: { userId: 3, timeZone: 'Europe/Berlin' } };

describe('the chat quota of a night', () => {
  it('lets a free person write in one conversation a night, as often as they like', () => {
    spec.given([berlin]).when(write(7)).then([started(7)]);
    spec.given([berlin, started(7)]).when(write(7)).thenNothingHappens();
  });

  it('refuses a second conversation on the free plan with the chat-limit reason', () => {
    spec
      .given([berlin, started(7)])
      .when(write(9))
      .thenThrows((error) => expect(error).toMatchObject({ code: 'LIMIT_REACHED', details: { reason: 'chat-limit' } }));
  });

  it('starts again at 8:00 PM on the person clock', () => {
    const nextNight = new Date('2026-11-24T19:00:00.000Z');
    spec.given([berlin, started(7)]).when(write(9, nextNight)).then([started(9, '2026-11-24', nextNight)]);
    // 19:59 in Berlin still counts against the night before.
    const before = new Date('2026-11-24T18:59:00.000Z');
    spec.given([berlin, started(7)]).when(write(9, before)).thenThrows((error) => expect(error).toMatchObject({ code: 'LIMIT_REACHED' }));
  });

  it('does not limit paid plans, until a Night Pass runs out', () => {
    const pass: ChatterEvent = { type: 'ChatterPlanChanged', data: { userId: 3, plan: 'nightPass', expiresAt: '2026-11-24T20:00:00.000Z', changedAt: now.toISOString() } };
    spec.given([berlin, pass, started(7)]).when(write(9)).then([started(9)]);
    const later = new Date('2026-11-24T20:30:00.000Z');
    spec.given([berlin, pass, started(7, '2026-11-24', later)]).when(write(9, later)).thenThrows((error) => expect(error).toMatchObject({ code: 'LIMIT_REACHED' }));
    const plus: ChatterEvent = { type: 'ChatterPlanChanged', data: { userId: 3, plan: 'plus', expiresAt: null, changedAt: now.toISOString() } };
    spec.given([berlin, plus, started(7), started(9)]).when(write(11)).then([started(11)]);
  });
});
