// The Q&A block's script: fills the theme's placeholder from the app proxy, and makes search,
// "more", helpful votes and the ask form work in place. Without it the block still works as plain
// links and forms (server-rendered). Every text it shows comes from the server, in the shopper's language.

const SELECTOR = '[data-pl-questions]';

function base(root: HTMLElement): string {
  return (root.dataset.proxy || '/apps/plaudit').replace(/\/+$/, '');
}

function fetchBlock(root: HTMLElement, params: Record<string, string>, fragment: boolean): Promise<string | null> {
  const query = new URLSearchParams({ product_id: root.dataset.productId || '', scripts: '0', ...params });
  if (root.dataset.locale) query.set('locale', root.dataset.locale);
  if (fragment) query.set('fragment', 'list');
  return fetch(`${base(root)}/questions/block?${query}`, { credentials: 'same-origin' }).then((r) => (r.ok ? r.text() : null));
}

/** A theme placeholder (no data-loaded yet) becomes the block. */
function hydrate(root: HTMLElement) {
  root.setAttribute('data-loaded', 'pending');
  fetchBlock(root, {}, false)
    .then((html) => {
      if (html === null) return;
      const holder = document.createElement('div');
      holder.innerHTML = html;
      const block = holder.querySelector<HTMLElement>(SELECTOR);
      // the theme knows the proxy's path on this storefront (a locale prefix, a test's host): keep it
      if (block) {
        if (root.dataset.proxy) block.dataset.proxy = root.dataset.proxy;
        root.replaceWith(block);
      } else root.remove();
    })
    .catch(() => undefined);
}

function listOf(root: HTMLElement) {
  return root.querySelector<HTMLElement>('[data-list]');
}

function onSearch(root: HTMLElement, form: HTMLFormElement, event: Event) {
  event.preventDefault();
  const q = String(new FormData(form).get('q') || '').trim();
  fetchBlock(root, q ? { q } : {}, true)
    .then((html) => {
      const list = listOf(root);
      if (html !== null && list) list.innerHTML = html;
    })
    .catch(() => undefined);
}

function onMore(root: HTMLElement, link: HTMLAnchorElement, event: Event) {
  event.preventDefault();
  const url = new URL(link.href, location.href);
  const params: Record<string, string> = {};
  for (const key of ['q', 'after']) if (url.searchParams.get(key)) params[key] = url.searchParams.get(key)!;
  fetchBlock(root, params, true)
    .then((html) => {
      if (html === null) return;
      const holder = document.createElement('div');
      holder.innerHTML = html;
      const items = holder.querySelectorAll('.plq-q');
      root.querySelector('.plq-list')?.append(...Array.from(items));
      const next = holder.querySelector('[data-more]');
      if (next) link.replaceWith(next);
      else link.remove();
    })
    .catch(() => undefined);
}

function onHelpful(root: HTMLElement, button: HTMLButtonElement) {
  button.disabled = true;
  fetch(`${base(root)}/questions/helpful`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ target: button.dataset.helpful }),
  })
    .then((r) => {
      if (r.ok) button.textContent = button.dataset.voted || button.textContent;
      else button.disabled = false;
    })
    .catch(() => (button.disabled = false));
}

function onAsk(root: HTMLElement, form: HTMLFormElement, event: Event) {
  event.preventDefault();
  const status = form.querySelector<HTMLElement>('.plq-status')!;
  const submit = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
  form.querySelectorAll<HTMLElement>('[data-error-for]').forEach((e) => (e.textContent = ''));
  status.textContent = form.dataset.sending || '';
  submit.disabled = true;
  const body = Object.fromEntries(Array.from(new FormData(form).entries()).map(([k, v]) => [k, String(v)]));
  const url = `${base(root)}/questions?${new URLSearchParams({ locale: root.dataset.locale || '' })}`;
  fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  })
    .then((r) => r.json().then((answer) => ({ ok: r.ok, answer })))
    .then(({ ok, answer }) => {
      submit.disabled = false;
      if (ok) {
        form.reset();
        status.textContent = form.dataset.thanks || '';
        return;
      }
      const errors: Record<string, string> = answer.errors || {};
      for (const [field, message] of Object.entries(errors)) {
        const slot = form.querySelector<HTMLElement>(`[data-error-for="${field}"]`);
        if (slot) slot.textContent = message;
      }
      status.textContent = Object.keys(errors).length ? '' : answer.message || form.dataset.failed || '';
    })
    .catch(() => {
      submit.disabled = false;
      status.textContent = form.dataset.failed || '';
    });
}

function wire() {
  document.querySelectorAll<HTMLElement>(`${SELECTOR}:not([data-loaded])`).forEach(hydrate);
}

document.addEventListener('submit', (event) => {
  const form = event.target as HTMLFormElement;
  const root = form.closest<HTMLElement>(SELECTOR);
  if (!root) return;
  if (form.matches('[data-search]')) onSearch(root, form, event);
  else if (form.matches('[data-ask]')) onAsk(root, form, event);
});

document.addEventListener('click', (event) => {
  const target = event.target as HTMLElement;
  const root = target.closest<HTMLElement>(SELECTOR);
  if (!root) return;
  const more = target.closest<HTMLAnchorElement>('[data-more]');
  const helpful = target.closest<HTMLButtonElement>('[data-helpful]');
  const clear = target.closest<HTMLAnchorElement>('[data-clear]');
  if (more) onMore(root, more, event);
  else if (helpful) onHelpful(root, helpful);
  else if (clear) {
    const form = clear.closest<HTMLFormElement>('form')!;
    form.querySelector<HTMLInputElement>('input[name=q]')!.value = '';
    clear.remove();
    onSearch(root, form, event);
  }
});

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', wire);
else wire();
