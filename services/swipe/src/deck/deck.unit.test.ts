import { snapToGrid } from '@nocturne/contracts';
import { bandOf, boundingBox, byBandThenShuffle, distanceBetween } from './deck';

describe('deck geometry', () => {
  const berlin = snapToGrid(52.52, 13.405);

  it('puts distances into bands so the order never tells exact distance', () => {
    expect([0, 2, 3, 5, 6, 49, 51, 199, 500].map(bandOf)).toEqual([2, 2, 5, 5, 10, 50, 100, 200, 200]);
    const ranked = [
      { id: 'far', band: 5, shuffle: 0.1 },
      { id: 'near-b', band: 2, shuffle: 0.9 },
      { id: 'near-a', band: 2, shuffle: 0.2 },
    ].sort(byBandThenShuffle);
    expect(ranked.map((r) => r.id)).toEqual(['near-a', 'near-b', 'far']);
  });

  it('looks in a box that holds everyone within the distance', () => {
    const box = boundingBox(berlin, 50);
    for (const [lat, lon] of [
      [52.97, 13.405],
      [52.07, 13.405],
      [52.52, 14.13],
      [52.52, 12.68],
    ]) {
      const point = snapToGrid(lat!, lon!);
      expect(distanceBetween(berlin, point)).toBeLessThanOrEqual(50);
      expect(point.latitude).toBeGreaterThanOrEqual(box.latitude.min);
      expect(point.latitude).toBeLessThanOrEqual(box.latitude.max);
      expect(box.longitude.some((range) => point.longitude >= range.min && point.longitude <= range.max)).toBe(true);
    }
  });

  it('splits the box where it crosses longitude 180', () => {
    const fiji = snapToGrid(-17.7, 179.9);
    const box = boundingBox(fiji, 30);
    expect(box.longitude).toHaveLength(2);
    expect(box.longitude[1]!.min).toBe(-180);
  });

  it('gives whole km between cell centres', () => {
    expect(Number.isInteger(distanceBetween(berlin, snapToGrid(52.6, 13.5)))).toBe(true);
    expect(distanceBetween(berlin, berlin)).toBe(0);
  });
});
