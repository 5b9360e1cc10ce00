import type { FocusEvent, PointerEvent } from 'react';
import { lazyScreen, type Preloadable } from './lazyScreen';

/**
 * Every screen but the landing page is a chunk of its own, so a visitor downloads only the screens they
 * open (and the GraphQL client only with the screens that speak GraphQL).
 */
export const screens = {
  signUp: lazyScreen(() => import('./features/signUp/SignUpPage'), 'SignUpPage'),
  signIn: lazyScreen(() => import('./features/signIn/SignInPage'), 'SignInPage'),
  forgotPassword: lazyScreen(() => import('./features/forgotPassword/ForgotPasswordPage'), 'ForgotPasswordPage'),
  resetPassword: lazyScreen(() => import('./features/resetPassword/ResetPasswordPage'), 'ResetPasswordPage'),
  privacy: lazyScreen(() => import('./features/legal/PrivacyPage'), 'PrivacyPage'),
  terms: lazyScreen(() => import('./features/legal/TermsPage'), 'TermsPage'),
  onboarding: lazyScreen(() => import('./features/onboarding/OnboardingPage'), 'OnboardingPage'),
  appShell: lazyScreen(() => import('./features/shell/AppShell'), 'AppShell'),
  swipeDeck: lazyScreen(() => import('./features/swipeDeck/SwipeDeckPage'), 'SwipeDeckPage'),
  lobby: lazyScreen(() => import('./features/lobby/LobbyPage'), 'LobbyPage'),
  chat: lazyScreen(() => import('./features/chat/ChatPage'), 'ChatPage'),
  profile: lazyScreen(() => import('./features/profile/ProfilePage'), 'ProfilePage'),
  settings: lazyScreen(() => import('./features/settings/SettingsPage'), 'SettingsPage'),
  notFound: lazyScreen(() => import('./features/notFound/NotFoundPage'), 'NotFoundPage'),
} satisfies Record<string, Preloadable>;

/** What each path renders: started together with the app itself, so a deep link loads in parallel. */
const screensByPath: Record<string, readonly Preloadable[]> = {
  '/': [],
  '/signup': [screens.signUp],
  '/signin': [screens.signIn],
  '/forgot-password': [screens.forgotPassword],
  '/reset-password': [screens.resetPassword],
  '/privacy': [screens.privacy],
  '/terms': [screens.terms],
  '/onboarding': [screens.onboarding],
  '/feed': [screens.appShell, screens.swipeDeck],
  '/swipe-deck': [screens.appShell, screens.swipeDeck],
  '/lobby': [screens.appShell, screens.lobby],
  '/chat': [screens.appShell, screens.chat],
  '/profile': [screens.appShell, screens.profile],
  '/settings': [screens.appShell, screens.settings],
};

export function preloadScreensFor(pathname: string): void {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const screen of screensByPath[path] ?? [screens.notFound]) {
    // A failed preload is retried by the render that needs it; that one reports the failure.
    screen.preload().catch(() => undefined);
  }
}

/** Props for a link: the screen behind it starts loading when a pointer or focus shows the intent to go. */
export function preloadOnIntent(screen: Preloadable) {
  const preload = (_event: PointerEvent | FocusEvent) => void screen.preload().catch(() => undefined);
  return { onPointerEnter: preload, onPointerDown: preload, onFocus: preload };
}
