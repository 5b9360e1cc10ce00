import { fileURLToPath, URL } from 'node:url';

interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const main = fileURLToPath(new URL('../src/main.tsx', import.meta.url));
const libraries = /[\\/]node_modules[\\/]/;

/** The app's own modules that main.tsx imports statically, directly or not: what every page loads anyway. */
const startupOf = new WeakMap<ChunkingContext, Set<string>>();
function startupModules(ctx: ChunkingContext): Set<string> {
  let found = startupOf.get(ctx);
  if (found) return found;
  found = new Set<string>();
  const pending = [main];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id) || libraries.test(id)) continue;
    found.add(id);
    pending.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  startupOf.set(ctx, found);
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
 * - `components`: the shared building blocks of the screens (fields, dialogs, icons, form errors), so a
 *   screen's own chunk and a handful of others are all it adds.
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
  { name: 'components', test: /[\\/]frontend[\\/]src[\\/](components[\\/](?!motion[\\/])|forms[\\/])/, priority: 10 },
];
