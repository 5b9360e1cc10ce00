import type { FocusEvent, PointerEvent } from 'react';
import { lazyScreen, type Preloadable } from './lazyScreen';
import { screenModulesFor } from './screenPaths';

/**
 * Every screen but the landing page is a chunk of its own, so a visitor downloads only the screens they
 * open (and the GraphQL client only with the screens that speak GraphQL). Each names its module as
 * `screenPaths.ts` does.
 */
export const screens = {
  signUp: lazyScreen('src/features/account/SignUpPage.tsx', () => import('./features/account/SignUpPage'), 'SignUpPage'),
  signIn: lazyScreen('src/features/account/SignInPage.tsx', () => import('./features/account/SignInPage'), 'SignInPage'),
  forgotPassword: lazyScreen('src/features/account/ForgotPasswordPage.tsx', () => import('./features/account/ForgotPasswordPage'), 'ForgotPasswordPage'),
  resetPassword: lazyScreen('src/features/account/ResetPasswordPage.tsx', () => import('./features/account/ResetPasswordPage'), 'ResetPasswordPage'),
  privacy: lazyScreen('src/features/legal/PrivacyPage.tsx', () => import('./features/legal/PrivacyPage'), 'PrivacyPage'),
  terms: lazyScreen('src/features/legal/TermsPage.tsx', () => import('./features/legal/TermsPage'), 'TermsPage'),
  onboarding: lazyScreen('src/features/onboarding/OnboardingPage.tsx', () => import('./features/onboarding/OnboardingPage'), 'OnboardingPage'),
  appShell: lazyScreen('src/features/shell/AppShell.tsx', () => import('./features/shell/AppShell'), 'AppShell'),
  swipeDeck: lazyScreen('src/features/swipeDeck/SwipeDeckPage.tsx', () => import('./features/swipeDeck/SwipeDeckPage'), 'SwipeDeckPage'),
  lobby: lazyScreen('src/features/lobby/LobbyPage.tsx', () => import('./features/lobby/LobbyPage'), 'LobbyPage'),
  chat: lazyScreen('src/features/chat/ChatPage.tsx', () => import('./features/chat/ChatPage'), 'ChatPage'),
  profile: lazyScreen('src/features/profile/ProfilePage.tsx', () => import('./features/profile/ProfilePage'), 'ProfilePage'),
  settings: lazyScreen('src/features/settings/SettingsPage.tsx', () => import('./features/settings/SettingsPage'), 'SettingsPage'),
  notFound: lazyScreen('src/features/notFound/NotFoundPage.tsx', () => import('./features/notFound/NotFoundPage'), 'NotFoundPage'),
};

const bySource = new Map<string, Preloadable>(Object.values(screens).map((screen) => [screen.source, screen]));

/**
 * Starts loading what `pathname` renders; called with the app itself, so a deep link loads in parallel.
 * Settles when every one has loaded or failed (a failed preload is retried by the render that needs it,
 * and that one reports the failure).
 */
export function preloadScreensFor(pathname: string): Promise<void> {
  const loads = screenModulesFor(pathname).map((source) => bySource.get(source)?.preload().catch(() => undefined));
  return Promise.all(loads).then(() => undefined);
}

/** Props for a link: the screen behind it starts loading when a pointer or focus shows the intent to go. */
export function preloadOnIntent(screen: Preloadable) {
  const preload = (_event: PointerEvent | FocusEvent) => void screen.preload().catch(() => undefined);
  return { onPointerEnter: preload, onPointerDown: preload, onFocus: preload };
}
