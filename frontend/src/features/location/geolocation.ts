import type { Coordinates } from '../../api/profile';

/** The device location errors of the spec's catalogue (point 8). */
export const LocationErrors = {
  denied: 'Location access denied by user',
  unavailable: 'Location information unavailable',
  timedOut: 'Location request timed out',
  unknown: 'Unable to retrieve location',
  unsupported: 'Geolocation is not supported by this browser',
} as const;

/** A lookup that the device refused or could not answer; the message comes from the catalogue above. */
export class LocationLookupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocationLookupError';
  }
}

// GeolocationPositionError's codes; the constants are not on the error object in every engine.
const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;
const TIMEOUT = 3;

export function describeGeolocationError(error: { code: number }): string {
  switch (error.code) {
    case PERMISSION_DENIED:
      return LocationErrors.denied;
    case POSITION_UNAVAILABLE:
      return LocationErrors.unavailable;
    case TIMEOUT:
      return LocationErrors.timedOut;
    default:
      return LocationErrors.unknown;
  }
}

/** One-time lookup (spec point 7): high accuracy, 10 s time-out, a cached position up to 5 minutes old. */
export const ONE_TIME_LOOKUP: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 5 * 60_000 };

export function lookUpPosition(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new LocationLookupError(LocationErrors.unsupported));
      return;
    }
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      (error) => reject(new LocationLookupError(describeGeolocationError(error))),
      ONE_TIME_LOOKUP,
    );
  });
}

/**
 * Whether the browser has granted this site location already ('granted'), or would ask ('prompt'), or
 * refuses ('denied'); 'unknown' where the Permissions API cannot tell.
 */
export async function locationPermission(permissions: Permissions | undefined = globalThis.navigator?.permissions): Promise<PermissionState | 'unknown'> {
  try {
    return permissions ? (await permissions.query({ name: 'geolocation' })).state : 'unknown';
  } catch {
    return 'unknown';
  }
}
