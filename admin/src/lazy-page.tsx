import { type ComponentType, lazy } from 'react';

export type LazyPage<P extends object = object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * React's `lazy`, plus `preload()`: the shell starts fetching the page the address names while the
 * entry is still starting (boot.ts). Once its chunk has arrived the page renders in the same pass as
 * the layout; through `lazy` alone it would suspend first and show the layout's fallback until React
 * retried. Both share one import; a failed preload is left to the lazy render, which shows the
 * route's error page as a failed `lazy` always did.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const once = () => {
    loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    return loading;
  };
  const Lazy = lazy(once);
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React's lazy, called once per page at module level
  const Page = (props: P) => {
    const Current = (loaded ?? Lazy) as ComponentType<P>;
    return <Current {...props} />;
  };
  return Object.assign(Page, {
    preload: () =>
      once().then(
        () => undefined,
        () => undefined,
      ),
  });
}

/** Starts loading a page declared with lazyPage; a plain component has nothing to load. */
export function preloadPage(component: ComponentType<any> | undefined): void {
  (component as Partial<LazyPage> | undefined)?.preload?.();
}
