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

describe('a time zone change and the chat quota', () => {
  const zone = (timeZone: string, requestedAt = now) => ({ type: 'RecordTimeZone' as const, userId: 3, timeZone, requestedAt: requestedAt.toISOString() });
  const scheduled = (timeZone: string | null, nextTimeZone: string | null = null, nextFrom: string | null = null): ChatterEvent => ({ type: 'ChatterTimeZoneScheduled', data: { userId: 3, timeZone, nextTimeZone, nextFrom } });

  it('waits for the next 8:00 PM of the zone in force, so the night already counted stays the night', () => {
    // 21:00 in Berlin, 05:00 in Tokyo (the night of the 23rd there too, ending at 20:00 Tokyo on the 24th).
    spec.given([berlin, started(7)]).when(zone('Asia/Tokyo')).then([scheduled('Europe/Berlin', 'Asia/Tokyo', '2026-11-24T19:00:00.000Z')]);
    const moved = scheduled('Europe/Berlin', 'America/Los_Angeles', '2026-11-24T19:00:00.000Z');
    spec
      .given([berlin, started(7), moved])
      .when(write(9))
      .thenThrows((error) => expect(error).toMatchObject({ code: 'LIMIT_REACHED', details: { reason: 'chat-limit' } }));
  });

  it('counts the nights of the new zone once its moment came', () => {
    const moved = scheduled('Europe/Berlin', 'Asia/Tokyo', '2026-11-24T19:00:00.000Z');
    // 21:00 Tokyo on the 25th: the Tokyo night of the 25th.
    const later = new Date('2026-11-25T12:00:00.000Z');
    spec.given([berlin, started(7), moved]).when(write(9, later)).then([started(9, '2026-11-25', later)]);
  });

  it('applies a first zone at once unless a conversation was already started in the UTC night', () => {
    spec.given([]).when(zone('Europe/Berlin')).then([scheduled('Europe/Berlin')]);
    spec.given([started(7, '2026-11-23')]).when(zone('Pacific/Kiritimati')).then([scheduled(null, 'Pacific/Kiritimati', '2026-11-24T20:00:00.000Z')]);
  });

  it('remembers the recent nights, so a zone that comes back to a night finds its conversations', () => {
    const kiritimati: ChatterEvent = { type: 'ChatterTimeZoneSet', data: { userId: 3, timeZone: 'Pacific/Kiritimati' } };
    const honolulu = scheduled('Pacific/Kiritimati', 'Pacific/Honolulu', '2026-11-24T06:00:00.000Z');
    // Written on the Kiritimati night of the 24th, then on the Honolulu night of the 23rd, then the 24th again.
    spec
      .given([kiritimati, started(7, '2026-11-23'), started(8, '2026-11-24'), honolulu, started(9, '2026-11-23')])
      .when(write(11, new Date('2026-11-24T07:00:00.000Z')))
      .thenThrows((error) => expect(error).toMatchObject({ code: 'LIMIT_REACHED' }));
  });
});

describe('Time-Freeze tokens', () => {
  const chosen = (plan: 'free' | 'plus' | 'max', changedAt: string): ChatterEvent => ({ type: 'ChatterPlanChanged', data: { userId: 3, plan, expiresAt: null, changedAt } });
  const use = (matchId: number, at: string, dawnAt = `dawn-${matchId}`) => ({ type: 'UseTimeFreeze' as const, userId: 3, matchId, dawnAt, now: new Date(at) });
  const used = (matchId: number, at: string, dawnAt = `dawn-${matchId}`): ChatterEvent => ({ type: 'TimeFreezeUsed', data: { userId: 3, matchId, dawnAt, usedAt: at } });
  const max = chosen('max', '2026-11-03T10:00:00.000Z');
  const sevenUsed = [1, 2, 3, 4, 5, 6, 7].map((matchId) => used(matchId, '2026-11-20T22:00:00.000Z'));

  it('come with Max only: other plans get the time-freeze upgrade reason', () => {
    spec.given([]).when(use(9, '2026-11-20T22:00:00.000Z')).thenThrows((error) => expect(error).toMatchObject({ code: 'LIMIT_REACHED', details: { reason: 'time-freeze' } }));
    spec.given([chosen('plus', '2026-11-03T10:00:00.000Z')]).when(use(9, '2026-11-20T22:00:00.000Z')).thenThrows((error) => expect(error).toMatchObject({ code: 'LIMIT_REACHED', details: { reason: 'time-freeze' } }));
    spec.given([max]).when(use(9, '2026-11-20T22:00:00.000Z')).then([used(9, '2026-11-20T22:00:00.000Z')]);
  });

  it('are seven a month, renewing on the day of the month Max was chosen', () => {
    spec.given([max, ...sevenUsed]).when(use(9, '2026-12-03T09:59:00.000Z')).thenThrows((error) => expect(error).toMatchObject({ code: 'LIMIT_REACHED', details: { reason: 'time-freeze' } }));
    spec.given([max, ...sevenUsed]).when(use(9, '2026-12-03T10:00:00.000Z')).then([used(9, '2026-12-03T10:00:00.000Z')]);
  });

  it('count one token for the same dawn asked twice, and a returned token may be spent again', () => {
    spec.given([max, used(9, '2026-11-20T22:00:00.000Z')]).when(use(9, '2026-11-20T22:00:01.000Z')).thenNothingHappens();
    const returned: ChatterEvent = { type: 'TimeFreezeReturned', data: { userId: 3, matchId: 7, dawnAt: 'dawn-7', returnedAt: '2026-11-20T22:00:01.000Z' } };
    spec.given([max, ...sevenUsed, returned]).when(use(9, '2026-11-20T23:00:00.000Z')).then([used(9, '2026-11-20T23:00:00.000Z')]);
  });

  it('keep their period when Max is chosen again', () => {
    spec.given([max, ...sevenUsed, chosen('max', '2026-11-21T10:00:00.000Z')]).when(use(9, '2026-11-22T10:00:00.000Z')).thenThrows((error) => expect(error).toMatchObject({ code: 'LIMIT_REACHED' }));
  });
});
