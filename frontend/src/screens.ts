import type { FocusEvent, PointerEvent } from 'react';
import { lazyScreen, type Preloadable } from './lazyScreen';
import { screenModules, screenModulesFor, type ScreenName } from './routes';

/**
 * Every screen but the landing page is a chunk of its own, so a visitor downloads only the screens they
 * open (and the GraphQL client only with the screens that speak GraphQL). Each is the module the route
 * table names for it (a screen missing here does not compile).
 */
export const screens = {
  signUp: lazyScreen(screenModules.signUp, () => import('./features/account/SignUpPage'), 'SignUpPage'),
  signIn: lazyScreen(screenModules.signIn, () => import('./features/account/SignInPage'), 'SignInPage'),
  forgotPassword: lazyScreen(screenModules.forgotPassword, () => import('./features/account/ForgotPasswordPage'), 'ForgotPasswordPage'),
  resetPassword: lazyScreen(screenModules.resetPassword, () => import('./features/account/ResetPasswordPage'), 'ResetPasswordPage'),
  privacy: lazyScreen(screenModules.privacy, () => import('./features/legal/PrivacyPage'), 'PrivacyPage'),
  terms: lazyScreen(screenModules.terms, () => import('./features/legal/TermsPage'), 'TermsPage'),
  onboarding: lazyScreen(screenModules.onboarding, () => import('./features/onboarding/OnboardingPage'), 'OnboardingPage'),
  appShell: lazyScreen(screenModules.appShell, () => import('./features/shell/AppShell'), 'AppShell'),
  swipeDeck: lazyScreen(screenModules.swipeDeck, () => import('./features/swipeDeck/SwipeDeckPage'), 'SwipeDeckPage'),
  lobby: lazyScreen(screenModules.lobby, () => import('./features/lobby/LobbyPage'), 'LobbyPage'),
  chat: lazyScreen(screenModules.chat, () => import('./features/chat/ChatPage'), 'ChatPage'),
  profile: lazyScreen(screenModules.profile, () => import('./features/profile/ProfilePage'), 'ProfilePage'),
  settings: lazyScreen(screenModules.settings, () => import('./features/settings/SettingsPage'), 'SettingsPage'),
  notFound: lazyScreen(screenModules.notFound, () => import('./features/notFound/NotFoundPage'), 'NotFoundPage'),
} satisfies Record<ScreenName, Preloadable>;

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
