import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { screenModules, screenModulesByPath as screenPaths } from '../src/routes.ts';

const appShell = screenModules.appShell;
/** The screens drawn inside the signed-in frame: those an address opens together with it. */
const signedInScreens = new Set(Object.values(screenPaths).filter((sources) => sources.includes(appShell)).flat());

interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const main = fileURLToPath(new URL('../src/main.tsx', import.meta.url));
const frontend = fileURLToPath(new URL('..', import.meta.url));
const libraries = /[\\/]node_modules[\\/]/;

/** The app's own modules `from` imports statically, directly or not (itself included). */
function reachableFrom(ctx: ChunkingContext, from: string): Set<string> {
  const found = new Set<string>();
  const pending = [from];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id) || libraries.test(id)) continue;
    found.add(id);
    pending.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/** The app's own modules that main.tsx imports statically, directly or not: what every page loads anyway. */
const startupOf = new WeakMap<ChunkingContext, Set<string>>();
function startupModules(ctx: ChunkingContext): Set<string> {
  let found = startupOf.get(ctx);
  if (!found) startupOf.set(ctx, (found = reachableFrom(ctx, main)));
  return found;
}

/**
 * The signed-in frame (AppShell, with every signed-in screen) and what two or more signed-in screens
 * share (their API modules, the plans dialog, the match popup), provided no screen of a signed-out person
 * needs it: a signed-in screen then loads the frame, one file of shared parts and its own chunk. The
 * screens' own modules stay chunks of their own, which the page names by their modules.
 */
const signedInOf = new WeakMap<ChunkingContext, Set<string>>();
function signedInModules(ctx: ChunkingContext): Set<string> {
  let found = signedInOf.get(ctx);
  if (found) return found;
  const screens = [...new Set(Object.values(screenPaths).flat())];
  const modulesOf = (sources: string[]) => sources.map((source) => reachableFrom(ctx, path.join(frontend, source)));
  const frame = reachableFrom(ctx, path.join(frontend, appShell));
  const inside = modulesOf(screens.filter((source) => source !== appShell && signedInScreens.has(source)));
  const outside = modulesOf(screens.filter((source) => !signedInScreens.has(source)));
  const sharedInside = [...new Set(inside.flatMap((modules) => [...modules]))].filter((id) => inside.filter((modules) => modules.has(id)).length >= 2);
  const screenModules = new Set(screens.map((source) => path.join(frontend, source)));
  found = new Set([...frame, ...sharedInside].filter((id) => !screenModules.has(id) && !outside.some((modules) => modules.has(id))));
  signedInOf.set(ctx, found);
  return found;
}

/**
 * How the client is cut into files. On a phone's connection each file costs a round trip of its own, so
 * what always travels together is one file:
 * - the libraries every screen needs (React, the router, styled-components), and the ones only some
 *   screens need in a chunk each (the GraphQL client, the state machines, the part of the animation
 *   library that draws: the part that moves things is loaded by MotionScope after the first paint);
 * - `app`: the app's own modules the first page needs whatever the address (the landing page, the
 *   router, the session check, the sky). The bundler would otherwise put each of them that a lazily
 *   loaded screen shares into a small file of its own: nine requests for the landing page instead of four;
 * - `components`: the shared building blocks of the screens (fields, dialogs, icons, form errors, and the
 *   page shell of the four account screens), so a screen's own chunk and a handful of others are all it adds;
 * - `signedIn`: the signed-in frame and what the signed-in screens share (see signedInModules).
 * Libraries change far less often than screens, so their chunks stay cached across releases.
 */
export const codeSplittingGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|styled-components|stylis|@emotion)[\\/]/, priority: 30 },
  { name: 'graphql', test: /node_modules[\\/](@apollo|graphql|rxjs|@wry|optimism|tslib)[\\/]/, priority: 30 },
  // Only what two chunks share (the screens' `m` components and the features chunk): the rest of the
  // features stays in the features chunk.
  { name: 'motion', test: /node_modules[\\/](motion|motion-dom|motion-utils|framer-motion)[\\/]/, minShareCount: 2, priority: 30 },
  { name: 'xstate', test: /node_modules[\\/](xstate|@xstate)[\\/]/, priority: 30 },
  { name: (id: string, ctx: ChunkingContext) => (startupModules(ctx).has(id) ? 'app' : null), priority: 20 },
  // Below `components`: a group takes the modules its own import along, and the shared building blocks
  // belong to the components file, which signed-out screens load too.
  { name: (id: string, ctx: ChunkingContext) => (signedInModules(ctx).has(id) ? 'signedIn' : null), priority: 5 },
  { name: 'components', test: /[\\/]frontend[\\/]src[\\/](components[\\/](?!motion[\\/])|forms[\\/]|features[\\/]account[\\/]AccountLayout\.tsx)/, priority: 10 },
];
