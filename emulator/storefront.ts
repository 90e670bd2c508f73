// The shop's online store as a theme would render it, with app-block placeholders where a merchant
// would place Plaudit's blocks. A tiny script fills each block from the app proxy
// (/apps/plaudit/widgets/<block>) when the app answers 200, else the placeholder stays.
import Router from '@koa/router';
import type { Context } from 'koa';
import { CUSTOMER_COOKIE, loggedInCustomerId, PROXY_PREFIX } from './app-proxy';
import type { EmulatorContext } from './context';
import { esc, html, raw, type Raw } from './html';
import { productPng } from './png';
import { DEMO_SHOP } from './seed';
import { imageUrl } from './graphql/views-store';
import type { ProductRecord, ShopRecord } from './types';

const CSS = `body{font-family:Georgia,serif;margin:0;color:#222;background:#fffdf8}header{display:flex;gap:24px;align-items:center;padding:16px 32px;border-bottom:1px solid #e6dfd3}
header a{color:#222;text-decoration:none}header .brand{font-size:22px;font-weight:bold;margin-right:auto}main{max-width:1040px;margin:32px auto;padding:0 24px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:24px}.card a{color:inherit;text-decoration:none}.card img{width:100%;height:auto;aspect-ratio:1;border-radius:8px}
.product{display:grid;grid-template-columns:1fr 1fr;gap:40px}.product img{width:100%;height:auto;aspect-ratio:1;border-radius:8px}.price{font-size:20px}
.plaudit-app-block:empty::before{content:attr(data-block);color:#aaa;font:12px monospace}footer{padding:32px;color:#888;text-align:center}`;

// Fills app blocks from the app proxy; scripts in the returned HTML are re-created so they run.
const BLOCK_LOADER = `document.querySelectorAll('.plaudit-app-block').forEach(function (el) {
  var q = new URLSearchParams();
  if (el.dataset.productId) q.set('product_id', el.dataset.productId);
  fetch(el.dataset.proxy + '/widgets/' + el.dataset.block + '?' + q, { credentials: 'same-origin' })
    .then(function (r) { return r.ok ? r.text() : null; })
    .then(function (body) {
      if (body === null) return;
      el.innerHTML = body;
      el.setAttribute('data-loaded', 'true');
      el.querySelectorAll('script').forEach(function (old) {
        var s = document.createElement('script');
        for (var i = 0; i < old.attributes.length; i++) s.setAttribute(old.attributes[i].name, old.attributes[i].value);
        s.text = old.text;
        old.replaceWith(s);
      });
    })
    .catch(function () {});
});`;

export function storefrontRouter(em: EmulatorContext): Router {
  const router = new Router();
  const money = (shop: ShopRecord, amount: string) => `$${Number(amount).toFixed(2)} ${shop.currencyCode}`;

  /** The shop a storefront path belongs to and the prefix its links need. */
  function resolve(ctx: Context): { shop: ShopRecord; base: string } | undefined {
    const domain = (ctx.params.shop as string | undefined) ?? DEMO_SHOP;
    const shop = em.store.shop(domain);
    if (!shop) return void (ctx.status = 404);
    return { shop, base: ctx.params.shop ? `/shops/${domain}` : '' };
  }

  function page(ctx: Context, shop: ShopRecord, base: string, title: string, body: Raw) {
    const customer = em.store.customer(shop, loggedInCustomerId(ctx, shop));
    ctx.type = 'html';
    ctx.body = `<!doctype html><html lang="${esc(shop.primaryLocale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} – ${esc(shop.name)}</title><style>${CSS}</style></head><body>
${html`<header><a class="brand" href="${base}/">${shop.name}</a><a href="${base}/collections/all">Catalog</a><a href="${base}/pages/reviews">Reviews</a>
<a href="${base}/account${customer ? '' : '/login'}">${customer ? `${customer.firstName} ${customer.lastName}` : 'Log in'}</a></header>`.html}
<main>${body.html}</main><footer>${esc(shop.name)} · a store emulated for Plaudit development</footer>
<script>${BLOCK_LOADER}</script></body></html>`;
  }

  const block = (base: string, name: string, productId?: string) =>
    html`<div class="plaudit-app-block" data-block="${name}" data-proxy="${base}${PROXY_PREFIX}"${raw(productId ? ` data-product-id="${esc(productId)}"` : '')}></div>`;

  const card = (shop: ShopRecord, base: string, p: ProductRecord) => html`<div class="card"><a href="${base}/products/${p.handle}">
    <img src="${imageUrl(em, shop, p)}" alt="${p.title}" width="240" height="240"><h3>${p.title}</h3></a>
    ${block(base, 'star-rating', p.id)}<p>${money(shop, p.variants[0].price)}</p></div>`;

  const home = (ctx: Context) => {
    const r = resolve(ctx);
    if (!r) return;
    const featured = r.shop.products.filter((p) => p.status === 'ACTIVE').slice(0, 4);
    page(ctx, r.shop, r.base, 'Home', html`<h1>Welcome to ${r.shop.name}</h1><div class="grid">${featured.map((p) => card(r.shop, r.base, p))}</div>`);
  };

  const product = (ctx: Context) => {
    const r = resolve(ctx);
    if (!r) return;
    const p = r.shop.products.find((x) => x.handle === ctx.params.handle && x.status === 'ACTIVE');
    if (!p) return page((ctx.status = 404, ctx), r.shop, r.base, 'Not found', html`<h1>404 Page Not Found</h1>`);
    page(ctx, r.shop, r.base, p.title, html`<div class="product" data-product-id="${p.id}">
      <img src="${imageUrl(em, r.shop, p)}" alt="${p.title}" width="240" height="240">
      <div><h1>${p.title}</h1>${block(r.base, 'star-rating', p.id)}
        <p class="price">${money(r.shop, p.variants[0].price)}</p>
        <select name="id">${p.variants.map((v) => html`<option value="${v.id}">${v.title} – ${money(r.shop, v.price)}</option>`)}</select>
        <div class="description">${raw(p.descriptionHtml)}</div></div></div>
      ${block(r.base, 'review-box', p.id)}`);
  };

  const collection = (ctx: Context) => {
    const r = resolve(ctx);
    if (!r) return;
    const products = r.shop.products.filter((p) => p.status === 'ACTIVE');
    page(ctx, r.shop, r.base, 'All products', html`<h1>All products</h1><div class="grid">${products.map((p) => card(r.shop, r.base, p))}</div>`);
  };

  const reviews = (ctx: Context) => {
    const r = resolve(ctx);
    if (r) page(ctx, r.shop, r.base, 'Reviews', html`<h1>What our customers say</h1>${block(r.base, 'all-reviews')}`);
  };

  // Demo sign-in: /account/login?email=... sets the customer cookie the app proxy reports.
  const login = (ctx: Context) => {
    const r = resolve(ctx);
    if (!r) return;
    const email = typeof ctx.query.email === 'string' ? ctx.query.email : '';
    if (!email) {
      return page(ctx, r.shop, r.base, 'Log in', html`<h1>Log in</h1><form><input name="email" type="email" placeholder="Email"> <button>Log in</button></form>
        <p>Demo customers:</p><ul>${r.shop.customers.map((c) => html`<li><a href="?email=${encodeURIComponent(c.email)}">${c.email}</a> (${c.address.country})</li>`)}</ul>`);
    }
    const customer = r.shop.customers.find((c) => c.email.toLowerCase() === email.toLowerCase());
    if (!customer) return page((ctx.status = 404, ctx), r.shop, r.base, 'Log in', html`<h1>No customer with the email ${email}</h1>`);
    ctx.cookies.set(CUSTOMER_COOKIE, `${r.shop.domain}:${customer.id}`, { httpOnly: true, sameSite: 'lax', path: '/' });
    const back = typeof ctx.query.return_to === 'string' && ctx.query.return_to.startsWith('/') && !ctx.query.return_to.startsWith('//') ? ctx.query.return_to : `${r.base}/account`;
    ctx.redirect(back);
  };

  const account = (ctx: Context) => {
    const r = resolve(ctx);
    if (!r) return;
    const c = em.store.customer(r.shop, loggedInCustomerId(ctx, r.shop));
    if (!c) return ctx.redirect(`${r.base}/account/login`);
    const orders = r.shop.orders.filter((o) => o.customerId === c.id);
    page(ctx, r.shop, r.base, 'Account', html`<h1>${c.firstName} ${c.lastName}</h1><p>${c.email}</p>
      <ul>${orders.map((o) => html`<li>#${o.number} · ${o.createdAt.slice(0, 10)} · ${o.lineItems.map((li) => li.title).join(', ')}</li>`)}</ul>
      <a href="${r.base}/account/logout">Log out</a>`);
  };

  const logout = (ctx: Context) => {
    const r = resolve(ctx);
    if (!r) return;
    ctx.cookies.set(CUSTOMER_COOKIE, null, { path: '/' });
    ctx.redirect(`${r.base}/`);
  };

  for (const prefix of ['', '/shops/:shop']) {
    router.get(`${prefix}/`, home);
    if (prefix) router.get(prefix, home);
    router.get(`${prefix}/products/:handle`, product);
    router.get(`${prefix}/collections/all`, collection);
    router.get(`${prefix}/pages/reviews`, reviews);
    router.get(`${prefix}/account/login`, login);
    router.get(`${prefix}/account/logout`, logout);
    router.get(`${prefix}/account`, account);
  }

  // The CDN: product images drawn on request, cached by browsers (the URL carries a version).
  router.get('/cdn/s/files/:shopId/:file', (ctx) => {
    const shop = em.store.shops().find((s) => s.id === ctx.params.shopId);
    const p = shop?.products.find((x) => `${x.handle}.png` === ctx.params.file);
    if (!p) return void (ctx.status = 404);
    ctx.type = 'image/png';
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.body = productPng(p.color);
  });

  // Browsers ask every origin for one; Shopify's pages have it.
  router.get('/favicon.ico', (ctx) => {
    ctx.type = 'image/png';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = productPng('#008060', 32);
  });

  return router;
}
