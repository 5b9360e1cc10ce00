import { coarseDistanceKm, Genders, type Gender, type GenderPreference, type GridCell } from '@nocturne/contracts';

/**
 * Pure rules of the deck: which area to look in, and an order that does not reveal exact distance.
 * Distances are whole km between ~1 km grid cells (decisions.md, Location privacy); within a band the
 * order is a random key drawn once per person, never the distance itself.
 */
export const DISTANCE_BANDS_KM = [2, 5, 10, 25, 50, 100, 200] as const;

export interface Position {
  latitude: number;
  longitude: number;
}

/** The smallest band holding `km`; beyond the last band, the last. */
export const bandOf = (km: number): number => DISTANCE_BANDS_KM.find((band) => km <= band) ?? DISTANCE_BANDS_KM[DISTANCE_BANDS_KM.length - 1]!;

export interface CoordinateBox {
  latitude: { min: number; max: number };
  /** One range, or two where the box crosses longitude ±180. */
  longitude: Array<{ min: number; max: number }>;
}

const KM_PER_DEGREE = 111.195;

/** A latitude/longitude box holding every point within `km` of `centre` (a little more, never less). */
export function boundingBox(centre: Position, km: number): CoordinateBox {
  // One cell of slack: positions are cell centres, and the distance shown is rounded.
  const reach = km + 1.5;
  const latDelta = reach / KM_PER_DEGREE;
  const min = Math.max(-90, centre.latitude - latDelta);
  const max = Math.min(90, centre.latitude + latDelta);
  const widest = Math.max(Math.abs(min), Math.abs(max));
  if (widest >= 89.9) return { latitude: { min, max }, longitude: [{ min: -180, max: 180 }] };
  const lonDelta = reach / (KM_PER_DEGREE * Math.cos((widest * Math.PI) / 180));
  if (lonDelta >= 180) return { latitude: { min, max }, longitude: [{ min: -180, max: 180 }] };
  const west = centre.longitude - lonDelta;
  const east = centre.longitude + lonDelta;
  if (west < -180) return { latitude: { min, max }, longitude: [{ min: west + 360, max: 180 }, { min: -180, max: east }] };
  if (east > 180) return { latitude: { min, max }, longitude: [{ min: west, max: 180 }, { min: -180, max: east - 360 }] };
  return { latitude: { min, max }, longitude: [{ min: west, max: east }] };
}

/** Whole km between two cell centres, as others are shown it. */
export const distanceBetween = (a: Position, b: Position): number => coarseDistanceKm(a, b);

export interface Ranked {
  band: number;
  shuffle: number;
}

/** Nearer bands first; within a band, the random key. */
export const byBandThenShuffle = (a: Ranked, b: Ranked) => a.band - b.band || a.shuffle - b.shuffle;

export interface RankedAwake extends Ranked {
  /** Awake tonight ("Who's awake"): first within their band. */
  awake: boolean;
  /** How far the person's night-owl score is from the viewer's, when the viewer chose night-owl matching; else 0. */
  owlGap: number;
}

/** Nearer bands first; within a band, who is awake, then the closest night-owl scores (when chosen), then the random key. Never the exact distance. */
export const byBandAwakeOwlShuffle = (a: RankedAwake, b: RankedAwake) => a.band - b.band || Number(b.awake) - Number(a.awake) || a.owlGap - b.owlGap || a.shuffle - b.shuffle;

/** What others see of being awake moves in quarter hours, as the card's "Active tonight" does (docs/security.md). */
export const AWAKE_STEP_MS = 15 * 60_000;

/**
 * Awake tonight, from the first deck read since the person's last 8:00 PM: shown from the quarter hour
 * after it (so the moment of arrival cannot be read from the order) until their next 8:00 PM.
 */
export const awakeSpan = (openedAt: Date, nextEightPm: Date): { from: string; until: string } => ({
  from: new Date(Math.floor(openedAt.getTime() / AWAKE_STEP_MS) * AWAKE_STEP_MS + AWAKE_STEP_MS).toISOString(),
  until: nextEightPm.toISOString(),
});

export const isAwake = (row: { awakeFrom?: string | null; awakeUntil?: string | null }, now: Date): boolean =>
  !!row.awakeFrom && !!row.awakeUntil && Date.parse(row.awakeFrom) <= now.getTime() && now.getTime() < Date.parse(row.awakeUntil);

export const sameCell = (a: GridCell | null, b: GridCell | null) => a !== null && b !== null && a.row === b.row && a.col === b.col;

/**
 * Gender preference is mutual (decisions.md, Discovery): a preference admits a gender when it is 'all'
 * or that gender. A person without a gender yet is admitted only by 'all'; no preference stored is 'all'.
 */
export const admits = (preference: GenderPreference | null | undefined, gender: Gender | null | undefined): boolean =>
  !preference || preference === 'all' || preference === gender;

/** Both ways: each one's preference admits the other's gender. */
export const mutuallyAdmitted = (a: { seeks: GenderPreference | null | undefined; gender: Gender | null | undefined }, b: { seeks: GenderPreference | null | undefined; gender: Gender | null | undefined }): boolean =>
  admits(a.seeks, b.gender) && admits(b.seeks, a.gender);

/** The preferences that leave out someone of `gender`: the deck query excludes people holding one. */
export const preferencesExcluding = (gender: Gender | null | undefined): Gender[] => Genders.filter((each) => each !== gender);

/** Why others cannot find a person in their decks; null when they can. */
export type DiscoveryGap = 'onboarding' | 'position';

/** Onboarded and placed (the device's position, or a chosen city's centre): only then in others' decks. */
export function discoveryGap(row: { onboarded: boolean; latitude: number | null; longitude: number | null } | null): DiscoveryGap | null {
  if (!row?.onboarded) return 'onboarding';
  if (row.latitude === null || row.longitude === null) return 'position';
  return null;
}

/** Where a person is for the deck: the device's position when shared, else the chosen city's centre, else nowhere. */
export type PositionSource = 'device' | 'city';

export function placeOf(device: Position | null, cityCentre: Position | null): { latitude: number | null; longitude: number | null; positionFrom: PositionSource | null } {
  if (device) return { ...device, positionFrom: 'device' };
  if (cityCentre) return { latitude: cityCentre.latitude, longitude: cityCentre.longitude, positionFrom: 'city' };
  return { latitude: null, longitude: null, positionFrom: null };
}
