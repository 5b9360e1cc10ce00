import { allowancePeriod, planAllowances } from './plans';

describe('allowance periods (monthly on the day the plan was chosen, weekly seven days after)', () => {
  const chosen = new Date('2026-01-31T21:15:00Z');

  it('renews a monthly allowance on the chosen day, or the last day of a shorter month', () => {
    expect(allowancePeriod(chosen, new Date('2026-02-10T00:00:00Z'), 'month')).toEqual({ start: chosen, end: new Date('2026-02-28T21:15:00Z') });
    expect(allowancePeriod(chosen, new Date('2026-02-28T21:15:00Z'), 'month').start).toEqual(new Date('2026-02-28T21:15:00Z'));
    expect(allowancePeriod(chosen, new Date('2026-03-31T21:14:59Z'), 'month')).toEqual({ start: new Date('2026-02-28T21:15:00Z'), end: new Date('2026-03-31T21:15:00Z') });
    expect(allowancePeriod(chosen, new Date('2027-01-01T00:00:00Z'), 'month').start).toEqual(new Date('2026-12-31T21:15:00Z'));
  });

  it('renews a weekly allowance every seven days from the choice', () => {
    const monday = new Date('2026-11-23T22:00:00Z');
    expect(allowancePeriod(monday, new Date('2026-11-30T21:59:59Z'), 'week').start).toEqual(monday);
    expect(allowancePeriod(monday, new Date('2026-11-30T22:00:00Z'), 'week')).toEqual({ start: new Date('2026-11-30T22:00:00Z'), end: new Date('2026-12-07T22:00:00Z') });
  });

  it('gives each plan what decisions.md sells', () => {
    expect(planAllowances.plus.moonBoosts).toEqual({ count: 1, per: 'week' });
    expect(planAllowances.max.moonBoosts).toEqual({ count: 5, per: 'month' });
    expect(planAllowances.max.timeFreezes).toEqual({ count: 7, per: 'month' });
    expect(planAllowances.free.moonBoosts).toBeNull();
    expect(planAllowances.nightPass.dayAccess).toBe(true);
    expect([planAllowances.nightPass, planAllowances.plus, planAllowances.max].every((plan) => plan.priorityLikes)).toBe(true);
    expect(planAllowances.free.priorityLikes).toBe(false);
  });
});
