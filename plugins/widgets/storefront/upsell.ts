// Upsell ratings: the theme block sits in the section that offers more products (the cart's or the
// product page's "you may also like"); every card of that section with a data-product-id gets its
// stars, asked for in one request per 50 cards, also for cards a theme or upsell app inserts later.
// plaudit.css reserves each card's star line from the first paint, so filling it moves nothing;
// when the merchant has the ratings off the line is given back. The stars' labels are in the
// storefront's language (data-pl-locale, the theme's request.locale).
const BATCH = 50;

function fill(block: HTMLElement) {
  const scope = block.closest<HTMLElement>('.shopify-section') ?? block.parentElement!;
  let selector = block.dataset.plCards || '[data-product-id]';
  try {
    scope.querySelector(selector);
  } catch {
    selector = '[data-product-id]'; // a selector the merchant mistyped: the default cards
  }
  const base = (block.dataset.plBase || '/apps/plaudit').replace(/\/+$/, '');
  const asked = new Set<string>();

  const place = (html: string) => {
    const tpl = document.createElement('template');
    tpl.innerHTML = html;
    const widget = tpl.content.querySelector<HTMLElement>('.pl-widget');
    if (!widget) {
      block.setAttribute('data-pl-off', ''); // switched off: no line kept for stars
      return;
    }
    const style = widget.querySelector('style');
    if (style && !block.querySelector('style')) block.append(style); // one copy of the CSS for every card
    widget.querySelectorAll<HTMLElement>('[data-pl-product]').forEach((row) => {
      const id = row.dataset.plProduct!.split('/').pop();
      scope.querySelectorAll<HTMLElement>(selector).forEach((card) => {
        if (card.dataset.productId !== id || card.querySelector('.plaudit-upsell-rating')) return;
        const holder = document.createElement('div');
        holder.className = 'pl-widget pl-w-upsell plaudit-upsell-rating';
        holder.lang = widget.lang;
        holder.dir = widget.dir;
        const list = document.createElement('ul');
        list.className = 'pl-upsell';
        list.append(row.cloneNode(true));
        holder.append(list);
        card.append(holder);
        card.classList.add('pl-upsell-filled');
      });
    });
  };

  const scan = () => {
    const ids = Array.from(scope.querySelectorAll<HTMLElement>(selector), (c) => c.dataset.productId || '').filter(
      (id) => /^\d{1,20}$/.test(id) && !asked.has(id),
    );
    new Set(ids).forEach((id) => asked.add(id));
    const fresh = [...new Set(ids)];
    for (let i = 0; i < fresh.length; i += BATCH) {
      const q = new URLSearchParams({ scripts: '0', product_ids: fresh.slice(i, i + BATCH).join(',') });
      if (block.dataset.plLocale) q.set('locale', block.dataset.plLocale);
      fetch(`${base}/widgets/upsell?${q}`, { credentials: 'same-origin' })
        .then((r) => (r.ok ? r.text() : null))
        .then((html) => html !== null && place(html))
        .catch(() => undefined);
    }
  };

  scan();
  let timer = 0;
  new MutationObserver(() => {
    clearTimeout(timer);
    timer = window.setTimeout(scan, 100);
  }).observe(scope, { childList: true, subtree: true });
}

const start = () =>
  document.querySelectorAll<HTMLElement>('.plaudit-upsell:not([data-pl-started])').forEach((block) => {
    block.setAttribute('data-pl-started', '');
    fill(block);
  });
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
