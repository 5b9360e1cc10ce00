import { comparison } from './plans';

const row = (feature: string) => comparison.find((entry) => entry.feature === feature)?.values;

describe('the plans comparison table', () => {
  it('shows what each plan delivers, from the allowances the server enforces', () => {
    expect(row('Moon-Boosts')).toEqual(['—', '—', '1 per week', '5 per month']);
    expect(row('Time-Freeze tokens')).toEqual(['—', '—', '—', '7 per month']);
    expect(row('Day access')).toEqual(['—', '✓', '—', '—']);
    expect(row('Priority matching')).toEqual(['—', '✓', '✓', '✓']);
    expect(row('Night-owl score matching')).toEqual(['—', '—', '—', '✓']);
    expect(row('Voice-only matches')).toEqual(['—', '—', '—', '✓']);
    expect(row('Priority support')).toEqual(['—', '—', '✓', '✓']);
  });
});
