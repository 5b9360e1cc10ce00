import { Suspense } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import styled from 'styled-components';
import { NightScreen } from './components/NightScreen';
import { Spinner } from './components/Spinner';
import { ScreenErrorBoundary } from './components/ScreenErrorBoundary';
import { LandingPage } from './features/landing/LandingPage';
import { RequireSession } from './session/RequireSession';
import { useDocumentTitle } from './documentTitle';
import { screens } from './screens';

const { signUp: SignUpPage, signIn: SignInPage, forgotPassword: ForgotPasswordPage, resetPassword: ResetPasswordPage } = screens;
const { privacy: PrivacyPage, terms: TermsPage, onboarding: OnboardingPage, appShell: AppShell, swipeDeck: SwipeDeckPage } = screens;
const { lobby: LobbyPage, chat: ChatPage, profile: ProfilePage, settings: SettingsPage, notFound: NotFoundPage } = screens;

/**
 * The routes of the spec (point 2) plus /reset-password, /privacy and /terms from decisions.md. The
 * landing page is part of the app's first chunk; every other screen is loaded when first needed (and
 * preloaded for the address the app opened on). Navigation runs in a transition, so the current screen
 * stays until the next one is ready; only a first load shows the bare sky below.
 */
export function AppRoutes() {
  useDocumentTitle();
  return (
    <ScreenErrorBoundary>
      {/* The same sky every signed-out screen draws, so only the screen's content appears when it has loaded. */}
      <Suspense fallback={<NightScreen>{null}</NightScreen>}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/signup" element={<SignUpPage />} />
          <Route path="/signin" element={<SignInPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/terms" element={<TermsPage />} />
          <Route
            path="/onboarding"
            element={
              <NightScreen>
                <OnboardingPage />
              </NightScreen>
            }
          />
          <Route element={<RequireSession />}>
            <Route element={<SignedInScreens />}>
            <Route element={<AppShell />}>
              <Route path="/feed" element={<Navigate to="/swipe-deck" replace />} />
              <Route path="/swipe-deck" element={<SwipeDeckPage />} />
              <Route path="/lobby" element={<LobbyPage />} />
              <Route path="/chat" element={<ChatPage />} />
              <Route path="/profile" element={<ProfilePage />} />
            </Route>
            <Route element={<AppShell withTabBar={false} />}>
              <Route path="/settings" element={<SettingsPage />} />
            </Route>
            </Route>
          </Route>
          <Route path="*" element={<NotFoundPage />} />
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
