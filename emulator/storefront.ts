// The shop's online store as a theme would render it, with Plaudit's theme app extension
// (extensions/plaudit-reviews) placed the way a merchant would place it: star ratings under product
// titles and on collection cards, the review box under the product, the all-reviews block on
// /pages/reviews, the carousel and testimonials on the home page, and the popup, sidebar and floating
// tab app embeds on every page. The blocks' Liquid runs as on Shopify (theme-extension.ts); where the
// app has not written a block's snapshot yet, the Liquid's own fallback loads it through the app
// proxy. `?plaudit=off` renders a page without any app block (for before/after comparisons).
// Languages as Shopify Markets serves them: a shop's other locale in a subfolder (`/de/products/x`),
// with `request.locale` and `routes.root_url` set for the Liquid and the app proxy under the subfolder
// too (`/de/apps/plaudit/*`); `?locale=de` redirects there (README.md).
import Router from '@koa/router';
import type { Context } from 'koa';
import { appProxyRouter, CUSTOMER_COOKIE, loggedInCustomerId } from './app-proxy';
import type { EmulatorContext } from './context';
import { esc, html, raw, type Raw } from './html';
import { productPng } from './png';
import { DEMO_SHOP } from './seed';
import { imageUrl } from './graphql/views-store';
import { cartLines, readCart, writeCart } from './cart';
import { ASSET_PREFIX, liquidCustomer, liquidProduct, liquidShop, ThemeExtension, type PageAssets } from './theme-extension';
import type { ProductRecord, ShopRecord } from './types';

const CSS = `body{font-family:Georgia,serif;margin:0;color:#222;background:#fffdf8}header{display:flex;gap:24px;align-items:center;padding:16px 32px;border-bottom:1px solid #e6dfd3}
header a{color:#222;text-decoration:none}header .brand{font-size:22px;font-weight:bold;margin-right:auto}main{max-width:1040px;margin:32px auto;padding:0 24px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:24px}.card a{color:inherit;text-decoration:none}.card img{width:100%;height:auto;aspect-ratio:1;border-radius:8px}
.product{display:grid;grid-template-columns:1fr 1fr;gap:40px}.product img{width:100%;height:auto;aspect-ratio:1;border-radius:8px}.price{font-size:20px}
footer{padding:32px;color:#888;text-align:center}.upsell{margin-top:48px}.upsell .grid{grid-template-columns:repeat(auto-fill,minmax(150px,1fr))}
.cart-lines{list-style:none;padding:0}.cart-lines li{display:flex;gap:16px;align-items:center;padding:8px 0;border-bottom:1px solid #e6dfd3}.cart-lines img{width:64px;height:64px;border-radius:6px}
@media (max-width:640px){.product{grid-template-columns:1fr}.upsell .grid{grid-template-columns:1fr 1fr;gap:16px}header{flex-wrap:wrap;padding:12px 16px;gap:12px}}`;

/** A theme section as Shopify renders it: wrapped in div.shopify-section with the section's id. */
const section = (id: string, body: Raw) => html`<div id="shopify-section-${id}" class="shopify-section">${body}</div>`;

/** App embeds switched on in the emulated theme editor, in page order. */
const EMBEDS = ['popup', 'sidebar', 'floating'];

export function storefrontRouter(em: EmulatorContext): Router {
  const router = new Router();
  const extension = new ThemeExtension();
  const money = (shop: ShopRecord, amount: string) => `$${Number(amount).toFixed(2)} ${shop.currencyCode}`;

  /** The shop's locale named by a subfolder or ?locale= (any case), if the shop has it. */
  const localeOf = (shop: ShopRecord, code: unknown) =>
    typeof code === 'string' ? shop.locales.find((l) => l.locale.toLowerCase() === code.toLowerCase()) : undefined;

  /**
   * The shop a storefront path belongs to, its language, and the prefix its links need (the
   * language's subfolder included, none for the primary one). An unknown subfolder is a 404;
   * `?locale=` redirects to the language's subfolder.
   */
  function resolve(ctx: Context): { shop: ShopRecord; base: string; locale: ShopRecord['locales'][number] } | undefined {
    const domain = (ctx.params.shop as string | undefined) ?? DEMO_SHOP;
    const shop = em.store.shop(domain);
    if (!shop) return void (ctx.status = 404);
    const shopBase = ctx.params.shop ? `/shops/${domain}` : '';
    const primary = shop.locales.find((l) => l.primary) ?? { locale: shop.primaryLocale, name: shop.primaryLocale, primary: true, published: true };
    const asked = ctx.params.locale === undefined ? undefined : localeOf(shop, ctx.params.locale);
    if (ctx.params.locale !== undefined && !asked) return void (ctx.status = 404);
    const query = localeOf(shop, ctx.query.locale);
    if (query && !asked) {
      const rest = new URLSearchParams(ctx.querystring);
      rest.delete('locale');
      const tail = ctx.path.slice(shopBase.length).replace(/^\/$/, '');
      ctx.redirect(`${shopBase}${query.primary ? '' : `/${query.locale}`}${tail}${rest.size ? `?${rest}` : ''}` || '/');
      return undefined;
    }
    const locale = asked ?? primary;
    return { shop, base: locale.primary ? shopBase : `${shopBase}/${locale.locale}`, locale };
  }

  /** Liquid's request.locale (a shop_locale: shopify.dev/docs/api/liquid/objects/shop_locale). */
  const liquidLocale = (r: NonNullable<ReturnType<typeof resolve>>) => ({
    iso_code: r.locale.locale,
    primary: r.locale.primary,
    root_url: r.base || '/',
    name: r.locale.name,
    endonym_name: new Intl.DisplayNames([r.locale.locale], { type: 'language' }).of(r.locale.locale) ?? r.locale.name,
  });

  /** Renders a page's theme app blocks: Liquid of the extension, or nothing with ?plaudit=off. */
  function theme(ctx: Context, r: NonNullable<ReturnType<typeof resolve>>, template: string) {
    const { shop, base } = r;
    const off = ctx.query.plaudit === 'off';
    const assets: PageAssets = { stylesheets: new Set(), scripts: new Set() };
    const signedIn = em.store.customer(shop, loggedInCustomerId(ctx, shop));
    const globals = {
      shop: liquidShop(shop),
      routes: { root_url: base || '/', cart_url: `${base}/cart`, account_url: `${base}/account` },
      template: { name: template },
      request: { page_type: template, path: ctx.path, locale: liquidLocale(r) },
      customer: signedIn ? liquidCustomer(signedIn) : null,
    };
    return {
      off,
      assets,
      lang: r.locale.locale,
      async block(name: string, product?: ProductRecord): Promise<Raw> {
        if (off) return raw('');
        return raw(await extension.render(name, product ? { product: liquidProduct(shop, product, base) } : {}, globals, assets));
      },
    };
  }
  type Theme = ReturnType<typeof theme>;

  async function page(ctx: Context, shop: ShopRecord, base: string, title: string, body: Raw, t: Theme) {
    const customer = em.store.customer(shop, loggedInCustomerId(ctx, shop));
    const embeds = t.off ? '' : (await Promise.all(EMBEDS.map((e) => t.block(e)))).map((r) => r.html).join('\n');
    ctx.type = 'html';
    ctx.body = `<!doctype html><html lang="${esc(t.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} – ${esc(shop.name)}</title><style>${CSS}</style>${extension.headTags(t.assets)}</head><body>
${
  html`<header><a class="brand" href="${base}/">${shop.name}</a><a href="${base}/collections/all">Catalog</a><a href="${base}/pages/reviews">Reviews</a><a href="${base}/cart">Cart</a>
<a href="${base}/account${customer ? '' : '/login'}">${customer ? `${customer.firstName} ${customer.lastName}` : 'Log in'}</a></header>`.html
}
<main>${body.html}</main><footer>${esc(shop.name)} · a store emulated for Plaudit development</footer>
${embeds}${extension.scriptTags(t.assets)}</body></html>`;
  }

  const card = async (shop: ShopRecord, base: string, p: ProductRecord, t: Theme) => html`<div class="card"><a href="${base}/products/${p.handle}">
    <img src="${imageUrl(em, shop, p)}" alt="${p.title}" width="240" height="240" loading="lazy"><h3>${p.title}</h3></a>
    ${await t.block('star-rating', p)}<p>${money(shop, p.variants[0].price)}</p></div>`;

  /** A card of a "you may also like" offer: the product id on the card, as themes put it there. */
  const offerCard = (
    shop: ShopRecord,
    base: string,
    p: ProductRecord,
  ) => html`<div class="card" data-product-id="${p.id}"><a href="${base}/products/${p.handle}">
    <img src="${imageUrl(em, shop, p)}" alt="${p.title}" width="160" height="160" loading="lazy"><h3>${p.title}</h3></a><p>${money(shop, p.variants[0].price)}</p></div>`;

  /** The upsell area (cart and product pages): other products, with the upsell-ratings app block placed in it. */
  const upsell = async (r: { shop: ShopRecord; base: string }, t: Theme, template: string, exclude: string[]) => {
    const offers = r.shop.products.filter((p) => p.status === 'ACTIVE' && !exclude.includes(p.id)).slice(0, 4);
    return section(
      `template--${template}__upsell`,
      html`<section class="upsell"><h2>You may also like</h2>
      <div class="grid">${offers.map((p) => offerCard(r.shop, r.base, p))}</div>${await t.block('upsell-rating')}</section>`,
    );
  };

  const home = async (ctx: Context) => {
    const r = resolve(ctx);
    if (!r) return;
    const t = theme(ctx, r, 'index');
    const featured = r.shop.products.filter((p) => p.status === 'ACTIVE').slice(0, 4);
    const cards = await Promise.all(featured.map((p) => card(r.shop, r.base, p, t)));
    await page(
      ctx,
      r.shop,
      r.base,
      'Home',
      html`<h1>Welcome to ${r.shop.name}</h1><div class="grid">${cards}</div>
      ${await t.block('carousel')}${await t.block('testimonials')}${await t.block('instagram-feed')}`,
      t,
    );
  };

  const product = async (ctx: Context) => {
    const r = resolve(ctx);
    if (!r) return;
    const t = theme(ctx, r, 'product');
    const p = r.shop.products.find((x) => x.handle === ctx.params.handle && x.status === 'ACTIVE');
    if (!p) return page(((ctx.status = 404), ctx), r.shop, r.base, 'Not found', html`<h1>404 Page Not Found</h1>`, t);
    await page(
      ctx,
      r.shop,
      r.base,
      p.title,
      html`<div class="product" data-product-id="${p.id}">
      <img src="${imageUrl(em, r.shop, p)}" alt="${p.title}" width="240" height="240">
      <div><h1>${p.title}</h1>${await t.block('star-rating', p)}
        <p class="price">${money(r.shop, p.variants[0].price)}</p>
        <form method="post" action="${r.base}/cart/add"><select name="id">${p.variants.map((v) => html`<option value="${v.id}">${v.title} – ${money(r.shop, v.price)}</option>`)}</select>
        <button type="submit">Add to cart</button></form>
        <div class="description">${raw(p.descriptionHtml)}</div></div></div>
      ${await t.block('review-box', p)}${await t.block('questions', p)}${await upsell(r, t, 'product', [p.id])}`,
      t,
    );
  };

  const collection = async (ctx: Context) => {
    const r = resolve(ctx);
    if (!r) return;
    const t = theme(ctx, r, 'collection');
    const products = r.shop.products.filter((p) => p.status === 'ACTIVE');
    const cards = await Promise.all(products.map((p) => card(r.shop, r.base, p, t)));
    await page(ctx, r.shop, r.base, 'All products', html`<h1>All products</h1><div class="grid">${cards}</div>`, t);
  };

  const reviews = async (ctx: Context) => {
    const r = resolve(ctx);
    if (!r) return;
    const t = theme(ctx, r, 'page');
    await page(ctx, r.shop, r.base, 'Reviews', html`<h1>Reviews</h1>${await t.block('all-reviews')}`, t);
  };

  // Demo sign-in: /account/login?email=... sets the customer cookie the app proxy reports.
  const login = async (ctx: Context) => {
    const r = resolve(ctx);
    if (!r) return;
    const t = theme(ctx, r, 'customers/login');
    const email = typeof ctx.query.email === 'string' ? ctx.query.email : '';
    if (!email) {
      return page(
        ctx,
        r.shop,
        r.base,
        'Log in',
        html`<h1>Log in</h1><form><input name="email" type="email" placeholder="Email"> <button>Log in</button></form>
        <p>Demo customers:</p><ul>${r.shop.customers.map((c) => html`<li><a href="?email=${encodeURIComponent(c.email)}">${c.email}</a> (${c.address.country})</li>`)}</ul>`,
        t,
      );
    }
    const customer = r.shop.customers.find((c) => c.email.toLowerCase() === email.toLowerCase());
    if (!customer) return page(((ctx.status = 404), ctx), r.shop, r.base, 'Log in', html`<h1>No customer with the email ${email}</h1>`, t);
    ctx.cookies.set(CUSTOMER_COOKIE, `${r.shop.domain}:${customer.id}`, { httpOnly: true, sameSite: 'lax', path: '/' });
    const back =
      typeof ctx.query.return_to === 'string' && ctx.query.return_to.startsWith('/') && !ctx.query.return_to.startsWith('//')
        ? ctx.query.return_to
        : `${r.base}/account`;
    ctx.redirect(back);
  };

  const account = async (ctx: Context) => {
    const r = resolve(ctx);
    if (!r) return;
    const c = em.store.customer(r.shop, loggedInCustomerId(ctx, r.shop));
    if (!c) return ctx.redirect(`${r.base}/account/login`);
    const orders = r.shop.orders.filter((o) => o.customerId === c.id);
    const t = theme(ctx, r, 'customers/account');
    await page(
      ctx,
      r.shop,
      r.base,
      'Account',
      section(
        'template--customers-account__main',
        html`<h1>${c.firstName} ${c.lastName}</h1><p>${c.email}</p>
      <h2>Order history</h2><ul class="orders">${orders.map((o) => html`<li>#${o.number} · ${o.createdAt.slice(0, 10)} · ${o.lineItems.map((li) => li.title).join(', ')}</li>`)}</ul>
      ${await t.block('customer-reviews')}
      <a href="${r.base}/account/logout">Log out</a>`,
      ),
      t,
    );
  };

  const cart = async (ctx: Context) => {
    const r = resolve(ctx);
    if (!r) return;
    const t = theme(ctx, r, 'cart');
    const lines = cartLines(r.shop, readCart(ctx, r.shop));
    const items = lines.length
      ? html`<ul class="cart-lines">${lines.map((l) => html`<li><img src="${imageUrl(em, r.shop, l.product)}" alt="" width="64" height="64"><span>${l.product.title} · ${l.variant.title} × ${l.quantity}</span><span>${money(r.shop, String(Number(l.variant.price) * l.quantity))}</span></li>`)}</ul>`
      : html`<p>Your cart is empty.</p>`;
    await page(
      ctx,
      r.shop,
      r.base,
      'Your cart',
      html`${section('template--cart__main', html`<h1>Your cart</h1>${items}${lines.length ? html`<p><a class="checkout" href="${r.base}/checkout">Check out</a></p>` : ''}`)}${await upsell(
        r,
        t,
        'cart',
        lines.map((l) => l.product.id),
      )}`,
      t,
    );
  };

  // Shopify's cart form: POST /cart/add with the variant `id` (and `quantity`), then the cart page.
  const addToCart = (ctx: Context) => {
    const r = resolve(ctx);
    if (!r) return;
    const body = (ctx.request as unknown as { body?: Record<string, string> }).body ?? {};
    const id = String(body.id ?? '');
    const quantity = Math.min(99, Math.max(1, Number(body.quantity ?? 1) || 1));
    if (!r.shop.products.some((p) => p.variants.some((v) => v.id === id))) {
      ctx.status = 422;
      ctx.body = { status: 422, message: 'Cart Error', description: 'Cannot find variant' };
      return;
    }
    const current = readCart(ctx, r.shop);
    current[id] = (current[id] ?? 0) + quantity;
    writeCart(ctx, r.shop, current);
    ctx.redirect(`${r.base}/cart`);
  };

  const logout = (ctx: Context) => {
    const r = resolve(ctx);
    if (!r) return;
    ctx.cookies.set(CUSTOMER_COOKIE, null, { path: '/' });
    ctx.redirect(`${r.base}/`);
  };

  // The CDN: product images drawn on request, cached by browsers (the URL carries a version).
  router.get('/cdn/s/files/:shopId/:file', (ctx) => {
    const shop = em.store.shops().find((s) => s.id === ctx.params.shopId);
    const p = shop?.products.find((x) => `${x.handle}.png` === ctx.params.file);
    if (!p) return void (ctx.status = 404);
    ctx.type = 'image/png';
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.body = productPng(p.color);
  });

  // Shopify's CDN for the extension's assets: versioned URLs, compressed, cached for a year.
  router.get(`${ASSET_PREFIX}/:file`, (ctx) => {
    const asset = extension.asset(ctx.params.file);
    if (!asset) return void (ctx.status = 404);
    ctx.type = asset.type;
    ctx.set('Cache-Control', ctx.query.v === asset.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    ctx.set('Vary', 'Accept-Encoding');
    const enc = ctx.acceptsEncodings('br', 'gzip', 'identity');
    if (enc === 'br' || enc === 'gzip') ctx.set('Content-Encoding', enc);
    ctx.body = enc === 'br' ? asset.br : enc === 'gzip' ? asset.gzip : asset.body;
  });

  // Browsers ask every origin for one; Shopify's pages have it.
  router.get('/favicon.ico', (ctx) => {
    ctx.type = 'image/png';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = productPng('#008060', 32);
  });

  // Every page at the shop's root and in each language's subfolder (`/de/...`, registered last: a
  // subfolder that is not one of the shop's languages is a 404, never another page).
  const proxy = appProxyRouter(em).routes();
  for (const prefix of ['', '/shops/:shop', '/:locale', '/shops/:shop/:locale']) {
    router.get(`${prefix}/`, home);
    if (prefix) router.get(prefix, home);
    router.get(`${prefix}/products/:handle`, product);
    router.get(`${prefix}/collections/all`, collection);
    router.get(`${prefix}/pages/reviews`, reviews);
    router.get(`${prefix}/account/login`, login);
    router.get(`${prefix}/account/logout`, logout);
    router.get(`${prefix}/account`, account);
    router.get(`${prefix}/cart`, cart);
    router.post(`${prefix}/cart/add`, addToCart);
    // Shopify serves the app proxy under a language's subfolder too: the same proxy, the subfolder dropped
    if (prefix.endsWith(':locale')) {
      router.all([`${prefix}/apps/plaudit`, `${prefix}/apps/plaudit/{*rest}`], (ctx, next) => {
        if (!resolve(ctx)) return;
        ctx.path = ctx.path.replace(/^((?:\/shops\/[^/]+)?)\/[^/]+\/apps\//, '$1/apps/');
        return proxy(ctx, next);
      });
    }
  }

  return router;
}
