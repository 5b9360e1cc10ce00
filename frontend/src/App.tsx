import { Suspense, type ComponentType } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import styled from 'styled-components';
import { NightScreen } from './components/NightScreen';
import { Spinner } from './components/Spinner';
import { ScreenErrorBoundary } from './components/ScreenErrorBoundary';
import { LandingPage } from './features/landing/LandingPage';
import { RequireSession } from './session/RequireSession';
import { useDocumentTitle } from './documentTitle';
import { routes, type Frame, type Route as AppRoute } from './routes';
import { screens } from './screens';

const { appShell: AppShell } = screens;
const screenComponents: Record<AppRoute['screen'], ComponentType> = { landing: LandingPage, ...screens };

function elementOf(route: AppRoute) {
  if (route.redirectTo) return <Navigate to={route.redirectTo} replace />;
  const Screen = screenComponents[route.screen];
  return route.frame === 'sky' ? (
    <NightScreen>
      <Screen />
    </NightScreen>
  ) : (
    <Screen />
  );
}

const routesIn = (...frames: Frame[]) => routes.filter((route) => frames.includes(route.frame)).map((route) => <Route key={route.path} path={route.path} element={elementOf(route)} />);

/**
 * The routes of the table in routes.ts. The landing page is part of the app's first chunk; every other
 * screen is loaded when first needed (and preloaded for the address the app opened on). Navigation runs
 * in a transition, so the current screen stays until the next one is ready; only a first load shows the
 * bare sky below.
 */
export function AppRoutes() {
  useDocumentTitle();
  return (
    <ScreenErrorBoundary>
      {/* The same sky every signed-out screen draws, so only the screen's content appears when it has loaded. */}
      <Suspense fallback={<NightScreen>{null}</NightScreen>}>
        <Routes>
          {routesIn('page', 'sky')}
          <Route element={<RequireSession />}>
            <Route element={<SignedInScreens />}>
              <Route element={<AppShell />}>{routesIn('tabs')}</Route>
              <Route element={<AppShell withTabBar={false} />}>{routesIn('frame')}</Route>
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </ScreenErrorBoundary>
  );
}

/** Until the signed-in frame has loaded, the session check's spinner stays, instead of an empty sky. */
function SignedInScreens() {
  return (
    <Suspense
      fallback={
        <NightScreen stars={false}>
          <Centered>
            <Spinner label="Loading" />
          </Centered>
        </NightScreen>
      }
    >
      <Outlet />
    </Suspense>
  );
}

const Centered = styled.div`
  flex: 1;
  display: grid;
  place-content: center;
`;
