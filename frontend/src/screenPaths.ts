import table from './screenPaths.json';
import requests from './screenRequests.json';

/**
 * The screen modules each path renders first (screenPaths.json, data so the build can read it too): the
 * app preloads them when it opens on that path, and the build writes their files per path
 * (dist/.vite/preloads.json) so that the gateway names them in the page it serves, and the browser
 * fetches them alongside the app instead of after it. Every module is a lazily loaded screen of
 * `screens.ts`; "*" is any other path (the 404 screen).
 */
export const screenModulesByPath: Readonly<Record<string, readonly string[]>> = table;

export const normalisePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

export const screenModulesFor = (pathname: string): readonly string[] => screenModulesByPath[normalisePath(pathname)] ?? screenModulesByPath['*']!;

/** Whether `pathname` is a screen of the signed-in frame (the session check comes first there). */
export const opensSignedIn = (pathname: string): boolean => screenModulesFor(pathname).includes('src/features/shell/AppShell.tsx');

/**
 * The REST calls the app makes as it opens on a path, before it draws (screenRequests.json: the session
 * check of the signed-in screens, the deck's first cards). The build adds them to the path's preloads, and
 * the page names them as fetch preloads: the answers travel alongside the app's scripts instead of after
 * them. The client asks exactly these URLs (a unit test holds the two together).
 */
export const screenRequestsByPath: Readonly<Record<string, readonly string[]>> = requests;

export const screenRequestsFor = (pathname: string): readonly string[] => screenRequestsByPath[normalisePath(pathname)] ?? [];
