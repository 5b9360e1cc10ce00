import { PRODUCT_NAME } from './brand';

// The one table of the app's paths (spec point 2, plus /reset-password, /privacy and /terms from
// decisions.md). Everything that knows about paths is made from it: the router (App.tsx), the document
// titles, the tab bar's current tab, what main.tsx loads before the first render, and the build's
// per-path preloads (build/pagePlugins.mts and build/chunks.mts import this file). Plain data: no React,
// no browser API, so the build can read it.

/**
 * The screens that are chunks of their own, each named by its module relative to frontend/, as the
 * build names a path's scripts. `screens.ts` loads them; the landing page is part of the first chunk.
 */
export const screenModules = {
  signUp: 'src/features/account/SignUpPage.tsx',
  signIn: 'src/features/account/SignInPage.tsx',
  forgotPassword: 'src/features/account/ForgotPasswordPage.tsx',
  resetPassword: 'src/features/account/ResetPasswordPage.tsx',
  privacy: 'src/features/legal/PrivacyPage.tsx',
  terms: 'src/features/legal/TermsPage.tsx',
  onboarding: 'src/features/onboarding/OnboardingPage.tsx',
  appShell: 'src/features/shell/AppShell.tsx',
  swipeDeck: 'src/features/swipeDeck/SwipeDeckPage.tsx',
  lobby: 'src/features/lobby/LobbyPage.tsx',
  chat: 'src/features/chat/ChatPage.tsx',
  profile: 'src/features/profile/ProfilePage.tsx',
  settings: 'src/features/settings/SettingsPage.tsx',
  notFound: 'src/features/notFound/NotFoundPage.tsx',
} as const;

export type ScreenName = keyof typeof screenModules;

/**
 * What the app loads before its first render, and the REST calls each makes, exactly as the client asks
 * them (the page names them as fetch preloads, and the browser hands a preloaded answer only to a call
 * of the very same URL: a unit test holds the two together).
 */
export const earlyCalls = {
  /** Who is signed in: every signed-in screen checks it first. */
  session: ['/api/auth/user'],
  /** The deck's window, quota, first cards and the person's plan. */
  deck: ['/api/swipe-window', '/api/quota', '/api/profiles?limit=20&restart=false', '/api/plan'],
} as const;

export type EarlyLoad = keyof typeof earlyCalls;

/**
 * Where a screen is drawn: `page` on its own; `sky` on the night sky while it checks the session itself
 * (onboarding); `tabs` in the signed-in frame with the tab bar; `frame` in the signed-in frame without
 * it. The two signed-in ones check the session first.
 */
export type Frame = 'page' | 'sky' | 'tabs' | 'frame';

export type Tab = 'Feed' | 'Messages' | 'Profile';

export interface Route {
  /** '*' is any other path. */
  path: string;
  screen: ScreenName | 'landing';
  /** The tab's title (screen readers announce it on navigation); the product name is added to it. */
  title: string;
  frame: Frame;
  /** The tab that is current on this path (and below it). */
  tab?: Tab;
  /** The path it sends to at once; it opens with that path's screen. */
  redirectTo?: string;
  /** What it loads before the first render besides the session check of a signed-in screen. */
  early?: Exclude<EarlyLoad, 'session'>;
}

export const routes: readonly Route[] = [
  { path: '/', screen: 'landing', title: PRODUCT_NAME, frame: 'page' },
  { path: '/signup', screen: 'signUp', title: `Join ${PRODUCT_NAME}`, frame: 'page' },
  { path: '/signin', screen: 'signIn', title: 'Sign In', frame: 'page' },
  { path: '/forgot-password', screen: 'forgotPassword', title: 'Forgot Password', frame: 'page' },
  { path: '/reset-password', screen: 'resetPassword', title: 'Reset Password', frame: 'page' },
  { path: '/privacy', screen: 'privacy', title: 'Privacy Policy', frame: 'page' },
  { path: '/terms', screen: 'terms', title: 'Terms of Service', frame: 'page' },
  { path: '/onboarding', screen: 'onboarding', title: 'Set Up Your Profile', frame: 'sky' },
  { path: '/feed', screen: 'swipeDeck', redirectTo: '/swipe-deck', title: 'Swipe Deck', frame: 'tabs', tab: 'Feed' },
  { path: '/swipe-deck', screen: 'swipeDeck', title: 'Swipe Deck', frame: 'tabs', tab: 'Feed', early: 'deck' },
  { path: '/lobby', screen: 'lobby', title: 'Lobby', frame: 'tabs', tab: 'Feed' },
  { path: '/chat', screen: 'chat', title: 'Messages', frame: 'tabs', tab: 'Messages' },
  { path: '/profile', screen: 'profile', title: 'Profile', frame: 'tabs', tab: 'Profile' },
  { path: '/settings', screen: 'settings', title: 'Settings', frame: 'frame' },
  { path: '*', screen: 'notFound', title: 'Page Not Found', frame: 'page' },
];

export const isSignedInFrame = (frame: Frame) => frame === 'tabs' || frame === 'frame';

export const normalisePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The route of a path; any path the table does not have is '*' (the 404 screen). */
export const routeFor = (pathname: string): Route => {
  const path = normalisePath(pathname);
  return routes.find((route) => route.path === path) ?? routes.find((route) => route.path === '*')!;
};

/** Whether `pathname` is a screen of the signed-in frame (the session check comes first there). */
export const opensSignedIn = (pathname: string): boolean => isSignedInFrame(routeFor(pathname).frame);

const modulesOf = (route: Route): string[] => [...(isSignedInFrame(route.frame) ? [screenModules.appShell] : []), ...(route.screen === 'landing' ? [] : [screenModules[route.screen]])];
const earlyLoadsOf = (route: Route): EarlyLoad[] => [...(isSignedInFrame(route.frame) ? (['session'] as const) : []), ...(route.early ? [route.early] : [])];

/**
 * The screen modules each path renders first: the app preloads them when it opens there (and draws once
 * they are in), and the build writes their files per path (dist/.vite/preloads.json) so that the gateway
 * names them in the page it serves and the browser fetches them alongside the app.
 */
export const screenModulesByPath: Readonly<Record<string, readonly string[]>> = Object.fromEntries(routes.map((route) => [route.path, modulesOf(route)]));

export const screenModulesFor = (pathname: string): readonly string[] => screenModulesByPath[routeFor(pathname).path]!;

/** What the app loads as it opens on `pathname`, before it draws. */
export const earlyLoadsFor = (pathname: string): readonly EarlyLoad[] => earlyLoadsOf(routeFor(pathname));

/** The REST calls the app makes as it opens on each path (only paths with any): the page names them as fetch preloads. */
export const screenRequestsByPath: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  routes.map((route) => [route.path, earlyLoadsOf(route).flatMap((load) => earlyCalls[load])] as const).filter(([, calls]) => calls.length > 0),
);

export const screenRequestsFor = (pathname: string): readonly string[] => screenRequestsByPath[normalisePath(pathname)] ?? [];

/** The document title of a path: its title, with the product name unless it says it already. */
export function documentTitleFor(pathname: string): string {
  const { title } = routeFor(pathname);
  return title.includes(PRODUCT_NAME) ? title : `${title} · ${PRODUCT_NAME}`;
}

/** The tab that is current on `pathname`: the one of its route, or of the route it is below. */
export const tabFor = (pathname: string): Tab | undefined => routes.find((route) => route.tab && (pathname === route.path || pathname.startsWith(`${route.path}/`)))?.tab;
