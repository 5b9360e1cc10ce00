import './domPolyfills';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme/theme';

/** Shows where the router ended up, so tests can assert navigation. */
export function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

/** Renders a screen with the theme and an in-memory router at `path`; `routes` adds other destinations. */
export function renderScreen(ui: ReactElement, { path = '/', routes }: { path?: string; routes?: ReactElement } = {}) {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>
        {routes ?? ui}
        <LocationProbe />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

export { Route, Routes };
