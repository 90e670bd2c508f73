// What every widget script shares (bundled into each, so keep it tiny): finding its widgets, now and
// when a theme loader inserts them later ('plaudit:load'), where the widget routes are, and the
// texts the server rendered for the scripts in the widget's language (data-pl-i18n, lang).

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

/** ?locale= for the widget's own requests, so their answers are in the language of the page part they fill. */
export function withLocale(root: HTMLElement, q: URLSearchParams): URLSearchParams {
  if (root.lang) q.set('locale', root.lang);
  return q;
}

/** A text of data-pl-i18n; `count` picks its plural form (Intl.PluralRules) and fills {{count}} (Intl.NumberFormat). */
export function text(root: HTMLElement, key: string, count?: number): string {
  let texts: Record<string, string | Record<string, string>> = {};
  try {
    texts = JSON.parse(root.dataset.plI18n || '{}');
  } catch {
    /* a theme mangled the attribute: no text rather than a broken widget */
  }
  const found = texts[key];
  const lang = root.lang || 'en';
  const one = typeof found === 'string' || found === undefined ? found : (found[new Intl.PluralRules(lang).select(count ?? 0)] ?? found.other);
  return (one ?? '').replace(/\{\{\s*count[^}]*\}\}/g, () => new Intl.NumberFormat(lang).format(count ?? 0));
}

export const $ = <T extends Element = HTMLElement>(root: ParentNode, sel: string) => root.querySelector<T>(sel);
export const $$ = <T extends Element = HTMLElement>(root: ParentNode, sel: string) => Array.from(root.querySelectorAll<T>(sel));

export const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;
