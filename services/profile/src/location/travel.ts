import { greatCircleKm } from '@nocturne/contracts';

/** An airliner's cruising speed: nobody gets anywhere faster. */
export const MAX_TRAVEL_KMH = 1_000;
/**
 * A jump this short is always taken at once: GPS jitter, and the phone's and the laptop's idea of the same
 * place (a laptop may only know the city from its network).
 */
export const TRAVEL_ALLOWANCE_KM = 20;

interface Position {
  latitude: number;
  longitude: number;
}

/**
 * Seconds until a move from `from` (accepted at `since`) to `to` is one a person could have made by air;
 * 0 when it already is. Spoofing a position far away and back, to measure distances to people from
 * several places, then takes as long as the flights would.
 */
export function secondsUntilPlausible(from: Position, since: Date, to: Position, now: Date): number {
  const beyondAllowanceKm = greatCircleKm(from, to) - TRAVEL_ALLOWANCE_KM;
  if (beyondAllowanceKm <= 0) return 0;
  const earliest = since.getTime() + (beyondAllowanceKm / MAX_TRAVEL_KMH) * 3_600_000;
  return Math.max(0, Math.ceil((earliest - now.getTime()) / 1000));
}
