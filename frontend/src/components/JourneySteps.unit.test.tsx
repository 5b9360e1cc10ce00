import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme/theme';
import { JourneySteps } from './JourneySteps';

describe('JourneySteps', () => {
  it('names the three stages of joining and marks the current one', () => {
    render(
      <ThemeProvider theme={theme}>
        <JourneySteps current={1} />
      </ThemeProvider>,
    );
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['1Basic Info', '2Your Desires', '3Complete Setup']);
    expect(steps.map((step) => step.getAttribute('aria-current'))).toEqual([null, 'step', null]);
  });
});
