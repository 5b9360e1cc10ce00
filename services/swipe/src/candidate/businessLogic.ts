import { scheduleZoneChange, type KinkVisibility } from '@nocturne/contracts';
import type { Decider } from '@nocturne/platform/domain';
import { evolveCandidate, initialCandidate, type Candidate, type CandidateEvent, type CandidateProfile, type CoarseLocation } from './candidate';

/** What another context published, as a command on this context's own copy. Erasure is final. */
export type CandidateCommand =
  | { type: 'RecordRegistration'; userId: number; age: number; registeredAt: string }
  | { type: 'RecordAge'; userId: number; age: number }
  | { type: 'RecordProfile'; userId: number; profile: CandidateProfile; onboarded: boolean; changedAt: string }
  | { type: 'RecordPhotos'; userId: number; photoIds: string[]; changedAt: string }
  | { type: 'RecordLocation'; userId: number; location: CoarseLocation; movedAt: string }
  | { type: 'RecordCity'; userId: number; city: string | null }
  | { type: 'RecordKinkVisibility'; userId: number; visibility: KinkVisibility }
  /** `countedTonight`: a swipe of theirs is already in the night in force at `requestedAt`. */
  | { type: 'RecordTimeZone'; userId: number; timeZone: string; requestedAt: string; countedTonight: boolean }
  | { type: 'Erase'; userId: number; erasedAt: string };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function decideCandidate(command: CandidateCommand, state: Candidate): CandidateEvent[] {
  // Nothing brings an erased person back, whatever arrives late or again.
  if (state.status === 'erased') return [];
  const { userId } = command;
  switch (command.type) {
    case 'RecordRegistration':
      return state.status === 'absent' || state.age !== command.age ? [{ type: 'CandidateRegistered', data: { userId, age: command.age, registeredAt: command.registeredAt } }] : [];
    case 'RecordAge':
      return state.age === command.age ? [] : [{ type: 'CandidateAgeChanged', data: { userId, age: command.age } }];
    case 'RecordProfile':
      return same(state.profile, command.profile) && (state.onboarded || !command.onboarded)
        ? []
        : [{ type: 'CandidateProfileChanged', data: { userId, profile: command.profile, onboarded: command.onboarded, changedAt: command.changedAt } }];
    case 'RecordPhotos':
      return same(state.photoIds, command.photoIds) ? [] : [{ type: 'CandidatePhotosChanged', data: { userId, photoIds: command.photoIds, changedAt: command.changedAt } }];
    case 'RecordLocation':
      return same(state.location, command.location) ? [] : [{ type: 'CandidateMoved', data: { userId, location: command.location, movedAt: command.movedAt } }];
    case 'RecordCity':
      return state.city === command.city ? [] : [{ type: 'CandidateCityChosen', data: { userId, city: command.city } }];
    case 'RecordKinkVisibility':
      return same(state.kinkVisibility, command.visibility) ? [] : [{ type: 'CandidateKinkVisibilitySet', data: { userId, visibility: command.visibility } }];
    case 'RecordTimeZone': {
      const zones = scheduleZoneChange(state.zones, command.timeZone, new Date(command.requestedAt), command.countedTonight);
      if (same(zones, state.zones)) return [];
      return [{ type: 'CandidateTimeZoneScheduled', data: { userId, timeZone: zones.zone, nextTimeZone: zones.next?.zone ?? null, nextFrom: zones.next?.from ?? null } }];
    }
    case 'Erase':
      return [{ type: 'CandidateErased', data: { userId, erasedAt: command.erasedAt } }];
  }
}

export const candidateDecider: Decider<CandidateCommand, Candidate, CandidateEvent> = { decide: decideCandidate, evolve: evolveCandidate, initialState: initialCandidate };
