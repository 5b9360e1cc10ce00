import { cityCentre, snapToGrid } from '@nocturne/contracts';
import { admits, awakeSpan, bandOf, boundingBox, byBandAwakeOwlShuffle, byBandThenShuffle, discoveryGap, isAwake, distanceBetween, mutuallyAdmitted, placeOf, preferencesExcluding } from './deck';

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

describe('discovery rules', () => {
  it('makes gender preference mutual: each preference must admit the other gender', () => {
    const woman = { gender: 'Female', seeks: 'Male' } as const;
    const man = { gender: 'Male', seeks: 'all' } as const;
    const other = { gender: 'Other', seeks: 'Female' } as const;
    expect(mutuallyAdmitted(woman, man)).toBe(true);
    expect(mutuallyAdmitted(woman, other)).toBe(false);
    expect(mutuallyAdmitted(other, woman)).toBe(false);
    expect(mutuallyAdmitted(man, other)).toBe(false);
  });

  it("admits everyone with 'All Genders' or no preference stored, and someone without a gender only then", () => {
    expect(admits('all', 'Other')).toBe(true);
    expect(admits(undefined, 'Male')).toBe(true);
    expect(admits('Female', null)).toBe(false);
    expect(admits('all', null)).toBe(true);
    expect(preferencesExcluding('Male')).toEqual(['Female', 'Other']);
    expect(preferencesExcluding(null)).toEqual(['Male', 'Female', 'Other']);
  });

  it('finds a person only once onboarded and placed', () => {
    expect(discoveryGap(null)).toBe('onboarding');
    expect(discoveryGap({ onboarded: false, latitude: 1, longitude: 2 })).toBe('onboarding');
    expect(discoveryGap({ onboarded: true, latitude: null, longitude: null })).toBe('position');
    expect(discoveryGap({ onboarded: true, latitude: 1, longitude: 2 })).toBeNull();
  });

  it("places a person at the device's position, else at the chosen city's centre, else nowhere", () => {
    const device = { latitude: 52.5, longitude: 13.4 };
    const lisbon = cityCentre('Lisbon')!;
    expect(placeOf(device, lisbon)).toEqual({ ...device, positionFrom: 'device' });
    expect(placeOf(null, lisbon)).toEqual({ latitude: lisbon.latitude, longitude: lisbon.longitude, positionFrom: 'city' });
    expect(placeOf(null, null)).toEqual({ latitude: null, longitude: null, positionFrom: null });
  });

  it('knows a city by name whatever its case, accents or punctuation, on the grid, and no unknown name', () => {
    expect(cityCentre('  são-PAULO ')).toEqual(cityCentre('Sao Paulo'));
    expect(cityCentre('München')).toEqual(cityCentre('Munich'));
    expect(distanceBetween(cityCentre('Berlin')!, snapToGrid(52.52, 13.405))).toBe(0);
    expect(cityCentre('Atlantis')).toBeNull();
    expect(cityCentre(null)).toBeNull();
  });
});

describe("who's awake and night-owl matching within a band", () => {
  const card = (id: number, band: number, awake: boolean, owlGap: number, shuffle: number) => ({ id, band, awake, owlGap, shuffle });

  it('orders by band first, then awake people, then the closest night-owl scores, then the random key', () => {
    const cards = [card(1, 5, true, 0, 0.1), card(2, 2, false, 9, 0.9), card(3, 2, true, 4, 0.8), card(4, 2, true, 1, 0.7), card(5, 2, false, 0, 0.5)];
    expect([...cards].sort(byBandAwakeOwlShuffle).map((c) => c.id)).toEqual([4, 3, 5, 2, 1]);
  });

  it('shows someone awake from the quarter hour after their first deck read until their next 8 PM', () => {
    const span = awakeSpan(new Date('2026-11-23T21:07:12.000Z'), new Date('2026-11-24T20:00:00.000Z'));
    expect(span).toEqual({ from: '2026-11-23T21:15:00.000Z', until: '2026-11-24T20:00:00.000Z' });
    expect(isAwake({ awakeFrom: span.from, awakeUntil: span.until }, new Date('2026-11-23T21:14:59.000Z'))).toBe(false);
    expect(isAwake({ awakeFrom: span.from, awakeUntil: span.until }, new Date('2026-11-23T21:15:00.000Z'))).toBe(true);
    expect(isAwake({ awakeFrom: span.from, awakeUntil: span.until }, new Date('2026-11-24T20:00:00.000Z'))).toBe(false);
    expect(isAwake({}, new Date())).toBe(false);
  });
});
