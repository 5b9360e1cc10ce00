import table from './screenPaths.json';

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
