import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface Preloadable {
  /** The screen's module, relative to frontend/ (src/features/signIn/SignInPage.tsx), as screenPaths.ts names it. */
  source: string;
  /** Starts downloading the screen's chunk (once); rendering it later does not wait again. */
  preload(): Promise<unknown>;
}

export type LazyScreen<P extends object = object> = LazyExoticComponent<ComponentType<P>> & Preloadable;

/**
 * A screen in a chunk of its own, loaded on first render or earlier through `preload`. A failed download
 * is not remembered, so the error boundary's retry can fetch it again.
 */
export function lazyScreen<M, K extends keyof M>(source: string, load: () => Promise<M>, name: K): LazyScreen<M[K] extends ComponentType<infer P> ? P & object : object> {
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const component = lazy(async () => ({ default: (await preload())[name] as ComponentType<object> }));
  return Object.assign(component, { source, preload }) as never;
}
