import { createElement, lazy, useState, type ComponentType } from 'react';

export interface Preloadable {
  /** The screen's module, relative to frontend/ (src/features/account/SignInPage.tsx), as screenPaths.ts names it. */
  source: string;
  /** Starts downloading the screen's chunk (once); rendering it later does not wait again. */
  preload(): Promise<unknown>;
}

export type LazyScreen<P extends object = object> = ComponentType<P> & Preloadable;

/**
 * A screen in a chunk of its own, loaded on first render or earlier through `preload`. A failed download
 * is not remembered, so the error boundary's retry can fetch it again.
 *
 * A screen whose chunk is already here renders at once. React.lazy would suspend on its first render even
 * then (its loader is asynchronous), and a boundary that has shown its fallback reveals the content no
 * sooner than 300 ms later (React's throttle): on the deck, the frame and the screen inside it cost that
 * twice before anything but the sky was drawn. Which of the two a mounted screen uses is fixed for its
 * lifetime, so a screen is never remounted because its chunk arrived meanwhile.
 */
export function lazyScreen<M, K extends keyof M>(source: string, load: () => Promise<M>, name: K): LazyScreen<M[K] extends ComponentType<infer P> ? P & object : object> {
  let loading: Promise<M> | undefined;
  let loaded: ComponentType<object> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module[name] as ComponentType<object>;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: (await preload())[name] as ComponentType<object> }));
  function Screen(props: object) {
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Lazy, props);
  }
  Screen.displayName = `Screen(${String(name)})`;
  return Object.assign(Screen, { source, preload }) as never;
}
