/** Coarse positions: what other contexts may know of where someone is (decisions.md, Location privacy). */
const EARTH_RADIUS_KM = 6371;
/** Edge of a grid cell, in km (decisions.md: about 1 km). */
export const GRID_CELL_KM = 1;
const DEGREES_PER_KM = 180 / (Math.PI * EARTH_RADIUS_KM);
const LATITUDE_STEP = GRID_CELL_KM * DEGREES_PER_KM;
const ROWS_FROM_POLE_TO_POLE = Math.ceil(180 / LATITUDE_STEP);

export interface GridCell {
  /** Row counted from the south pole. */
  row: number;
  /** Column counted eastwards from longitude -180 within the row. */
  col: number;
}
export interface CoarsePosition {
  cell: GridCell;
  /** The centre of the cell: the only coordinates that ever leave the profile service. */
  latitude: number;
  longitude: number;
}

/** Columns in a row: cells keep an edge of about GRID_CELL_KM east-west even near the poles. */
function columnsInRow(row: number): number {
  const centreLatitude = -90 + (row + 0.5) * LATITUDE_STEP;
  const circumferenceKm = 2 * Math.PI * EARTH_RADIUS_KM * Math.cos((centreLatitude * Math.PI) / 180);
  return Math.max(1, Math.floor(circumferenceKm / GRID_CELL_KM));
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** Snaps an exact position to the centre of its ~1 km grid cell. */
export function snapToGrid(latitude: number, longitude: number): CoarsePosition {
  const row = Math.min(ROWS_FROM_POLE_TO_POLE - 1, Math.max(0, Math.floor((latitude + 90) / LATITUDE_STEP)));
  const columns = columnsInRow(row);
  const normalisedLongitude = ((((longitude + 180) % 360) + 360) % 360) / 360;
  const col = Math.min(columns - 1, Math.floor(normalisedLongitude * columns));
  return {
    cell: { row, col },
    latitude: round6(Math.min(90, -90 + (row + 0.5) * LATITUDE_STEP)),
    longitude: round6(-180 + ((col + 0.5) * 360) / columns),
  };
}

/** Great-circle distance (haversine, Earth radius 6371 km) in km, unrounded. */
export function greatCircleKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The distance other people are shown: both ends snapped to the grid first, then rounded to whole km,
 * so that moving one's own (spoofed) position around reveals nothing finer than the other's cell.
 */
export function coarseDistanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const from = snapToGrid(a.latitude, a.longitude);
  const to = snapToGrid(b.latitude, b.longitude);
  return Math.round(greatCircleKm(from, to));
}
