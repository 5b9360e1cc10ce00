import { DefaultKinkVisibility, NO_ZONE_YET, type Gender, type GridCell, type KinkVisibility, type ZoneSchedule } from '@nocturne/contracts';
import type { DomainEvent } from '@nocturne/platform/domain';

/**
 * A person as others may meet them in the deck: what the auth and profile contexts published about
 * them, kept here as this service's own events (so the deck rebuilds from this store alone, and the
 * personal fields are encrypted and shredded with the person's key here too). Stream `candidate-<userId>`.
 */
export const candidateStreamId = (userId: number) => `candidate-${userId}`;
export const userIdOfCandidateStream = (streamId: string): number | null => {
  const match = /^candidate-(\d+)$/.exec(streamId);
  return match ? Number(match[1]) : null;
};

export interface CandidateProfile {
  gender: Gender;
  kinks: string[];
  interests: string[];
  /** In display order: the first is the card's picture. */
  photoIds: string[];
}

/** The centre of the person's ~1 km grid cell: the only position that ever leaves the profile service. */
export interface CoarseLocation {
  cell: GridCell;
  latitude: number;
  longitude: number;
}

export type CandidateRegistered = DomainEvent<'CandidateRegistered', { userId: number; age: number; registeredAt: string }>;
export type CandidateAgeChanged = DomainEvent<'CandidateAgeChanged', { userId: number; age: number }>;
export type CandidateProfileChanged = DomainEvent<'CandidateProfileChanged', { userId: number; profile: CandidateProfile; onboarded: boolean; changedAt: string }>;
/** Events stored before the free plan's likes stopped showing pictures also carry a `blurredPhotoUrl`, read by nothing. */
export type CandidatePhotosChanged = DomainEvent<'CandidatePhotosChanged', { userId: number; photoIds: string[]; changedAt: string }>;
export type CandidateMoved = DomainEvent<'CandidateMoved', { userId: number; location: CoarseLocation; movedAt: string }>;
/** The city the person chose to show on their card (null: none); never derived from their position. */
export type CandidateCityChosen = DomainEvent<'CandidateCityChosen', { userId: number; city: string | null }>;
/** Who may see the person's kinks (and so match them by a kink filter). */
export type CandidateKinkVisibilitySet = DomainEvent<'CandidateKinkVisibilitySet', { userId: number; visibility: KinkVisibility }>;
/** Before zone changes waited for their moment: the zone applied at once. Kept so that old streams replay. */
export type CandidateTimeZoneSet = DomainEvent<'CandidateTimeZoneSet', { userId: number; timeZone: string }>;
/** The person's zone schedule after they asked for a zone (`scheduleZoneChange`): in force, and waiting. */
export type CandidateTimeZoneScheduled = DomainEvent<'CandidateTimeZoneScheduled', { userId: number; timeZone: string | null; nextTimeZone: string | null; nextFrom: string | null }>;
/** The person deleted their account: nothing of them is shown or kept (their key is shredded after). */
export type CandidateErased = DomainEvent<'CandidateErased', { userId: number; erasedAt: string }>;

export type CandidateEvent =
  | CandidateRegistered
  | CandidateAgeChanged
  | CandidateProfileChanged
  | CandidatePhotosChanged
  | CandidateMoved
  | CandidateCityChosen
  | CandidateKinkVisibilitySet
  | CandidateTimeZoneSet
  | CandidateTimeZoneScheduled
  | CandidateErased;

export interface Candidate {
  status: 'absent' | 'active' | 'erased';
  age: number | null;
  profile: CandidateProfile | null;
  onboarded: boolean;
  photoIds: string[];
  location: CoarseLocation | null;
  city: string | null;
  kinkVisibility: KinkVisibility;
  /** The zone the person's swipe window and quota nights follow, over time. */
  zones: ZoneSchedule;
}

export const initialCandidate = (): Candidate => ({ status: 'absent', age: null, profile: null, onboarded: false, photoIds: [], location: null, city: null, kinkVisibility: DefaultKinkVisibility, zones: NO_ZONE_YET });

/**
 * Folding also runs over events whose personal fields were shredded (read back as null); every such
 * stream ends in CandidateErased, so those fields are never dereferenced, only carried.
 */
export function evolveCandidate(state: Candidate, event: CandidateEvent): Candidate {
  if (state.status === 'erased') return state;
  const active = { ...state, status: 'active' as const };
  switch (event.type) {
    case 'CandidateRegistered':
    case 'CandidateAgeChanged':
      return { ...active, age: event.data.age };
    case 'CandidateProfileChanged':
      return {
        ...active,
        profile: event.data.profile,
        photoIds: event.data.profile?.photoIds ?? [],
        onboarded: state.onboarded || event.data.onboarded,
      };
    case 'CandidatePhotosChanged': {
      const { photoIds } = event.data;
      return { ...active, photoIds, profile: state.profile && { ...state.profile, photoIds } };
    }
    case 'CandidateMoved':
      return { ...active, location: event.data.location };
    case 'CandidateCityChosen':
      return { ...active, city: event.data.city };
    case 'CandidateKinkVisibilitySet':
      return { ...active, kinkVisibility: event.data.visibility };
    case 'CandidateTimeZoneSet':
      return { ...active, zones: { zone: event.data.timeZone, next: null } };
    case 'CandidateTimeZoneScheduled':
      return { ...active, zones: zoneScheduleOf(event.data) };
    case 'CandidateErased':
      return { ...initialCandidate(), status: 'erased' };
  }
}

/** The schedule an event (or a read-model row) holds in flat fields. */
export const zoneScheduleOf = (fields: { timeZone: string | null; nextTimeZone?: string | null; nextFrom?: string | null }): ZoneSchedule => ({
  zone: fields.timeZone,
  next: fields.nextTimeZone && fields.nextFrom ? { zone: fields.nextTimeZone, from: fields.nextFrom } : null,
});
