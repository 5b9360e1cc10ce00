import { isActiveTonight } from './presence';

describe('active tonight, as people other than matches see it', () => {
  it('is off for someone not seen since 8:00 PM', () => {
    expect(isActiveTonight(null, new Date('2026-11-23T21:00:00.000Z'))).toBe(false);
  });

  it('turns on at the first quarter hour after the first connection, never at the moment of arrival', () => {
    expect(isActiveTonight('2026-11-23T20:14:59.999Z', new Date('2026-11-23T20:14:59.999Z'))).toBe(false);
    expect(isActiveTonight('2026-11-23T20:14:59.999Z', new Date('2026-11-23T20:15:00.000Z'))).toBe(true);
    expect(isActiveTonight('2026-11-23T20:15:00.000Z', new Date('2026-11-23T20:29:59.999Z'))).toBe(false);
    expect(isActiveTonight('2026-11-23T20:15:00.000Z', new Date('2026-11-23T20:30:00.000Z'))).toBe(true);
  });
});
