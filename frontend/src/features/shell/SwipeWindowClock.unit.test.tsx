import { act, screen } from '@testing-library/react';
import { renderScreen } from '../../testing/renderScreen';
import { SwipeWindowModeContext } from '../../time/useSwipeWindow';
import { SwipeWindowClock } from './SwipeWindowClock';

describe('SwipeWindowClock', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date(2026, 10, 22, 17, 30, 0));
  });
  afterEach(() => jest.useRealTimers());

  it('counts down to 8:00 PM every second', () => {
    renderScreen(<SwipeWindowClock />, { path: '/lobby' });
    expect(screen.getByText('02:30:00')).toBeTruthy();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByText('02:29:59')).toBeTruthy();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/^Swiping opens at 8:00 PM/);
  });

  it('keeps the countdown in the round-the-clock demo and says swiping is open', () => {
    renderScreen(
      <SwipeWindowModeContext.Provider value="always">
        <SwipeWindowClock />
      </SwipeWindowModeContext.Provider>,
      { path: '/lobby' },
    );
    expect(screen.getByText('02:30:00')).toBeTruthy();
    expect(screen.getByText('Demo · 8 PM in')).toBeTruthy();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/^Demo mode: swiping is open round the clock/);
  });
});
