import { GRID_CELL_KM, coarseDistanceKm, greatCircleKm, snapToGrid } from '@nocturne/contracts';

const berlin = { latitude: 52.520008, longitude: 13.404954 };
const paris = { latitude: 48.856613, longitude: 2.352222 };

/** A point `km` east and `kmNorth` north of `from` (small offsets). */
function offset(from: { latitude: number; longitude: number }, kmEast: number, kmNorth: number) {
  const latitude = from.latitude + (kmNorth / 6371) * (180 / Math.PI);
  const longitude = from.longitude + ((kmEast / 6371) * (180 / Math.PI)) / Math.cos((from.latitude * Math.PI) / 180);
  return { latitude, longitude };
}

describe('coarse positions', () => {
  it('measures great circles on a sphere of 6371 km', () => {
    expect(greatCircleKm(berlin, paris)).toBeCloseTo(877.5, 0);
    expect(greatCircleKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(Math.PI * 6371, 6);
  });

  it('snaps positions in the same cell to the same centre', () => {
    const a = snapToGrid(berlin.latitude, berlin.longitude);
    const b = snapToGrid(berlin.latitude + 0.0004, berlin.longitude - 0.0004);
    expect(b).toEqual(a);
  });

  it('moves a position by at most half a cell diagonal', () => {
    for (const point of [berlin, paris, { latitude: -33.8688, longitude: 151.2093 }, { latitude: 0.0001, longitude: -179.9999 }, { latitude: 78.2232, longitude: 15.6267 }]) {
      const snapped = snapToGrid(point.latitude, point.longitude);
      expect(greatCircleKm(point, snapped)).toBeLessThanOrEqual((GRID_CELL_KM * Math.SQRT2) / 2 + 0.05);
    }
  });

  it('keeps cells about 1 km wide at every latitude', () => {
    for (const latitude of [0, 45, 70, 85]) {
      const here = snapToGrid(latitude, 10);
      const east = snapToGrid(latitude, 10 + (1.01 / 6371) * (180 / Math.PI) / Math.cos((latitude * Math.PI) / 180));
      expect(east.cell.row).toBe(here.cell.row);
      expect(Math.abs(east.cell.col - here.cell.col)).toBe(1);
    }
  });

  it('handles the poles and the antimeridian', () => {
    expect(snapToGrid(90, 0).latitude).toBeLessThanOrEqual(90);
    expect(snapToGrid(-90, 0).latitude).toBeGreaterThanOrEqual(-90);
    expect(snapToGrid(10, 180)).toEqual(snapToGrid(10, -180));
  });

  it('shows distances in whole km', () => {
    const distance = coarseDistanceKm(berlin, offset(berlin, 3.3, 0));
    expect(Number.isInteger(distance)).toBe(true);
    expect(distance).toBeGreaterThanOrEqual(2);
    expect(distance).toBeLessThanOrEqual(5);
    expect(coarseDistanceKm(berlin, paris)).toBe(Math.round(greatCircleKm(snapToGrid(berlin.latitude, berlin.longitude), snapToGrid(paris.latitude, paris.longitude))));
  });

  it('gives a prober moving a spoofed position around the same answers for two people in one cell', () => {
    // Two people 300 m apart inside one cell: no sequence of own positions tells them apart.
    const centre = snapToGrid(berlin.latitude, berlin.longitude);
    const first = offset(centre, -0.2, 0.1);
    const second = offset(centre, 0.1, -0.2);
    expect(snapToGrid(first.latitude, first.longitude)).toEqual(snapToGrid(second.latitude, second.longitude));
    for (let east = -5; east <= 5; east += 0.25) {
      for (let north = -5; north <= 5; north += 0.25) {
        const probe = offset(berlin, east, north);
        expect(coarseDistanceKm(probe, first)).toBe(coarseDistanceKm(probe, second));
      }
    }
  });

  it('reports 0 km for someone in the same cell', () => {
    expect(coarseDistanceKm(berlin, offset(snapToGrid(berlin.latitude, berlin.longitude), 0.1, 0.1))).toBe(0);
  });
});
