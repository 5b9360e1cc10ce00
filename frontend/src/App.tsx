import { Navigate, Route, Routes } from 'react-router';
import { NightScreen } from './components/NightScreen';
import { ChatPage } from './features/chat/ChatPage';
import { ForgotPasswordPage } from './features/forgotPassword/ForgotPasswordPage';
import { LandingPage } from './features/landing/LandingPage';
import { PrivacyPage } from './features/legal/PrivacyPage';
import { TermsPage } from './features/legal/TermsPage';
import { LobbyPage } from './features/lobby/LobbyPage';
import { NotFoundPage } from './features/notFound/NotFoundPage';
import { OnboardingPage } from './features/onboarding/OnboardingPage';
import { ProfilePage } from './features/profile/ProfilePage';
import { ResetPasswordPage } from './features/resetPassword/ResetPasswordPage';
import { SettingsPage } from './features/settings/SettingsPage';
import { AppShell } from './features/shell/AppShell';
import { SignInPage } from './features/signIn/SignInPage';
import { SignUpPage } from './features/signUp/SignUpPage';
import { SwipeDeckPage } from './features/swipeDeck/SwipeDeckPage';
import { RequireSession } from './session/RequireSession';
import { useDocumentTitle } from './documentTitle';

/** The routes of the spec (point 2) plus /reset-password, /privacy and /terms from decisions.md. */
export function AppRoutes() {
  useDocumentTitle();
  return (
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
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
