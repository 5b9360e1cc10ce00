import { activityTime } from './activityTime';

describe('activityTime', () => {
  const now = new Date(2026, 10, 23, 23, 30);

  it("shows today's activity as a time of day", () => {
    expect(activityTime(new Date(2026, 10, 23, 21, 5).toISOString(), now)).toBe('9:05 PM');
  });

  it('shows older activity as a date, also from just before midnight', () => {
    expect(activityTime(new Date(2026, 10, 22, 23, 59).toISOString(), now)).toBe('Nov 22');
    expect(activityTime(new Date(2026, 9, 3, 12, 0).toISOString(), now)).toBe('Oct 3');
  });
});
