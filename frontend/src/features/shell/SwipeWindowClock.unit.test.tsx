import { act, screen } from '@testing-library/react';
import { renderScreen } from '../../testing/renderScreen';
import { SwipeWindowClock } from './SwipeWindowClock';

describe('SwipeWindowClock', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date(2026, 10, 22, 17, 30, 0));
  });
  afterEach(() => jest.useRealTimers());

  it('counts down to 8:00 PM every second', () => {
    renderScreen(<SwipeWindowClock mode="nightly" />, { path: '/lobby' });
    expect(screen.getByText('02:30:00')).toBeTruthy();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByText('02:29:59')).toBeTruthy();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/^Swiping opens at 8:00 PM/);
  });

  it('keeps the countdown in the round-the-clock demo and says swiping is open', () => {
    renderScreen(<SwipeWindowClock mode="always" />, { path: '/lobby' });
    expect(screen.getByText('02:30:00')).toBeTruthy();
    expect(screen.getByText('Demo · 8 PM in')).toBeTruthy();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/^Demo mode: swiping is open round the clock/);
  });

  it("follows the server: the person's stored zone, its mode and its clock", () => {
    // The browser says 17:30 UTC; the server follows Asia/Tokyo (02:30 there, open) and runs 10 s ahead.
    const server = { open: true, mode: 'nightly' as const, opensAt: '', timeZone: 'Asia/Tokyo', now: '', clockOffsetMs: 10_000 };
    jest.setSystemTime(new Date(Date.UTC(2026, 10, 22, 17, 30, 0)));
    renderScreen(<SwipeWindowClock mode="always" server={server} />, { path: '/lobby' });
    expect(screen.getByText('17:29:50')).toBeTruthy();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/^Swiping is open\./);
  });
});
