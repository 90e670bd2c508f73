// The theme blocks' fallback while the app has not yet written a block's snapshot metafield: each
// placeholder <div class="plaudit-app-block" data-block data-proxy [data-product-id] [data-locale] [data-src]> is
// filled with its widget's HTML from the app proxy (without script tags: the theme loads the
// scripts), in the storefront's language (data-locale, the theme's request.locale), then the widget
// scripts are told ('plaudit:load'). A placeholder that cannot load keeps its reserved space.
document.querySelectorAll<HTMLElement>('.plaudit-app-block[data-block]:not([data-loaded])').forEach((el) => {
  el.setAttribute('data-loaded', 'pending');
  const q = new URLSearchParams({ scripts: '0' });
  if (el.dataset.productId) q.set('product_id', el.dataset.productId);
  if (el.dataset.locale) q.set('locale', el.dataset.locale);
  // data-src: a block another plugin renders at its own proxy path (the Instagram feed)
  const url = el.dataset.src || `${(el.dataset.proxy || '/apps/plaudit').replace(/\/+$/, '')}/widgets/${el.dataset.block}?${q}`;
  fetch(url, { credentials: 'same-origin' })
    .then((r) => (r.ok ? r.text() : null))
    .then((body) => {
      if (body === null) return;
      el.innerHTML = body;
      el.setAttribute('data-loaded', 'true');
      document.dispatchEvent(new Event('plaudit:load'));
    })
    .catch(() => undefined);
});
