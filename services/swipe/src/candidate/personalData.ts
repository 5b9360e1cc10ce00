import type { PersonalDataRule, PersonalDataRules } from '@nocturne/platform/privacy';
import type { CandidateEvent } from './candidate';

const ofCandidate = <E extends CandidateEvent>(fields: ReadonlyArray<Extract<keyof E['data'], string>>): PersonalDataRule => ({ subject: (data) => String(data.userId), fields });

/**
 * The personal fields of this service's events, encrypted with the person's key (this service's own)
 * at the event-store boundary, and unreadable once the key is shredded (docs/design.md, Personal data).
 * Swipes, pairs and plans hold ids, kinds and times only: quotas and matches are folded from them. A
 * report's words are the reporter's.
 */
export const swipePersonalData = {
  CandidateRegistered: ofCandidate<Extract<CandidateEvent, { type: 'CandidateRegistered' }>>(['age']),
  CandidateAgeChanged: ofCandidate<Extract<CandidateEvent, { type: 'CandidateAgeChanged' }>>(['age']),
  CandidateProfileChanged: ofCandidate<Extract<CandidateEvent, { type: 'CandidateProfileChanged' }>>(['profile']),
  CandidatePhotosChanged: ofCandidate<Extract<CandidateEvent, { type: 'CandidatePhotosChanged' }>>(['photoIds']),
  CandidateMoved: ofCandidate<Extract<CandidateEvent, { type: 'CandidateMoved' }>>(['location']),
  CandidateCityChosen: ofCandidate<Extract<CandidateEvent, { type: 'CandidateCityChosen' }>>(['city']),
  CandidateKinkVisibilitySet: ofCandidate<Extract<CandidateEvent, { type: 'CandidateKinkVisibilitySet' }>>(['visibility']),
  CandidateTimeZoneSet: ofCandidate<Extract<CandidateEvent, { type: 'CandidateTimeZoneSet' }>>(['timeZone']),
  CandidateTimeZoneScheduled: ofCandidate<Extract<CandidateEvent, { type: 'CandidateTimeZoneScheduled' }>>(['timeZone', 'nextTimeZone']),
  ProfileReported: { subject: (data) => String(data.reporterId), fields: ['text'] },
} satisfies PersonalDataRules;
