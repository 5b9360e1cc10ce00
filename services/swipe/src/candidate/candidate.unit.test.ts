import { deciderSpecification } from '@nocturne/platform/testing';
import { candidateDecider } from './businessLogic';
import type { CandidateEvent } from './candidate';

const spec = deciderSpecification(candidateDecider);
const registered: CandidateEvent = { type: 'CandidateRegistered', data: { userId: 4, age: 30, registeredAt: '2026-11-23T20:00:00.000Z' } };
const erased: CandidateEvent = { type: 'CandidateErased', data: { userId: 4, erasedAt: '2026-11-23T22:00:00.000Z' } };
const profile = { gender: 'Female' as const, kinks: ['Rope Play'], interests: ['Art'], photoIds: ['a'.repeat(32)] };

describe('a candidate (the swipe context own copy of a person)', () => {
  it('records what the other contexts published, once', () => {
    spec.given([]).when({ type: 'RecordRegistration', userId: 4, age: 30, registeredAt: '2026-11-23T20:00:00.000Z' }).then([registered]);
    spec.given([registered]).when({ type: 'RecordRegistration', userId: 4, age: 30, registeredAt: '2026-11-23T20:00:00.000Z' }).thenNothingHappens();
    spec.given([registered]).when({ type: 'RecordAge', userId: 4, age: 31 }).then([{ type: 'CandidateAgeChanged', data: { userId: 4, age: 31 } }]);
  });

  it('keeps a person onboarded once they were, whatever edits follow', () => {
    const onboarded: CandidateEvent = { type: 'CandidateProfileChanged', data: { userId: 4, profile, onboarded: true, changedAt: 't1' } };
    spec.given([registered, onboarded]).when({ type: 'RecordProfile', userId: 4, profile, onboarded: false, changedAt: 't2' }).thenNothingHappens();
    expect(candidateDecider.evolve(candidateDecider.evolve(candidateDecider.initialState(), onboarded), { type: 'CandidateProfileChanged', data: { userId: 4, profile: { ...profile, kinks: [] }, onboarded: false, changedAt: 't2' } }).onboarded).toBe(true);
  });

  it('records who may see the kinks once, and the default (everyone) needs no event', () => {
    const visibility = { audience: 'everyone' as const, perKink: [{ kink: 'Rope Play', audience: 'sharers' as const }] };
    const set: CandidateEvent = { type: 'CandidateKinkVisibilitySet', data: { userId: 4, visibility } };
    spec.given([registered]).when({ type: 'RecordKinkVisibility', userId: 4, visibility }).then([set]);
    spec.given([registered, set]).when({ type: 'RecordKinkVisibility', userId: 4, visibility }).thenNothingHappens();
    spec.given([registered]).when({ type: 'RecordKinkVisibility', userId: 4, visibility: { audience: 'everyone', perKink: [] } }).thenNothingHappens();
  });

  it('never brings an erased person back, whatever arrives late', () => {
    spec.given([registered, erased]).when({ type: 'RecordRegistration', userId: 4, age: 30, registeredAt: 'later' }).thenNothingHappens();
    spec.given([erased]).when({ type: 'RecordProfile', userId: 4, profile, onboarded: true, changedAt: 'later' }).thenNothingHappens();
    spec.given([erased]).when({ type: 'Erase', userId: 4, erasedAt: 'again' }).thenNothingHappens();
  });

  it('erases a person it never heard of, so that nothing arriving later creates them', () => {
    spec.given([]).when({ type: 'Erase', userId: 4, erasedAt: '2026-11-23T22:00:00.000Z' }).then([erased]);
  });
});

describe('the time zone a candidate asked for', () => {
  const zone = (timeZone: string, countedTonight = false, requestedAt = '2026-11-23T21:00:00.000Z') => ({ type: 'RecordTimeZone' as const, userId: 4, timeZone, requestedAt, countedTonight });
  const scheduled = (timeZone: string | null, nextTimeZone: string | null = null, nextFrom: string | null = null): CandidateEvent => ({ type: 'CandidateTimeZoneScheduled', data: { userId: 4, timeZone, nextTimeZone, nextFrom } });

  it('applies the first zone at once, unless a swipe is already in the UTC night', () => {
    spec.given([registered]).when(zone('Asia/Tokyo')).then([scheduled('Asia/Tokyo')]);
    spec.given([registered]).when(zone('Asia/Tokyo', true)).then([scheduled(null, 'Asia/Tokyo', '2026-11-24T20:00:00.000Z')]);
  });

  it('lets a later change wait for the next 8:00 PM of the zone in force, and records nothing new for the zone in force', () => {
    const tokyo = scheduled('Asia/Tokyo');
    spec.given([registered, tokyo]).when(zone('Europe/London')).then([scheduled('Asia/Tokyo', 'Europe/London', '2026-11-24T11:00:00.000Z')]);
    spec.given([registered, tokyo]).when(zone('Asia/Tokyo')).thenNothingHappens();
    spec.given([registered, tokyo, scheduled('Asia/Tokyo', 'Europe/London', '2026-11-24T11:00:00.000Z')]).when(zone('Asia/Tokyo')).then([tokyo]);
  });

  it('reads a zone set before changes waited as in force from then on', () => {
    const old: CandidateEvent = { type: 'CandidateTimeZoneSet', data: { userId: 4, timeZone: 'Europe/Berlin' } };
    spec.given([registered, old]).when(zone('Europe/Berlin')).thenNothingHappens();
    spec.given([registered, old]).when(zone('Asia/Tokyo')).then([scheduled('Europe/Berlin', 'Asia/Tokyo', '2026-11-24T19:00:00.000Z')]);
  });
});
