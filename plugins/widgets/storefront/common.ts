// What every widget script shares (bundled into each, so keep it tiny): finding its widgets, now and
// when a theme loader inserts them later ('plaudit:load'), and where the widget routes are.

export type Init = (root: HTMLElement) => void;

/**
 * Runs `init` once for each widget of these names, now and for widgets inserted later; the widgets
 * of `owned` names are then marked ready (their script-only controls show).
 */
export function onWidgets(names: string[], init: Init, owned = names) {
  const run = () => {
    for (const name of names) {
      document.querySelectorAll<HTMLElement>(`[data-pl-widget="${name}"]`).forEach((root) => {
        const key = `plInit${names[0].replace(/-/g, '')}`;
        if (root.dataset[key]) return;
        root.dataset[key] = '1';
        init(root);
        if (owned.includes(name)) root.removeAttribute('data-pl-pending');
      });
    }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run);
  else run();
  document.addEventListener('plaudit:load', run);
}

/** The widget routes as this page reaches them: the theme block's base (locale-aware), else the server's. */
export function endpointOf(root: HTMLElement): string {
  const block = root.closest<HTMLElement>('[data-pl-base]');
  return (block?.dataset.plBase || root.dataset.plEndpoint || '/apps/plaudit').replace(/\/+$/, '');
}

export const $ = <T extends Element = HTMLElement>(root: ParentNode, sel: string) => root.querySelector<T>(sel);
export const $$ = <T extends Element = HTMLElement>(root: ParentNode, sel: string) => Array.from(root.querySelectorAll<T>(sel));

export const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;
