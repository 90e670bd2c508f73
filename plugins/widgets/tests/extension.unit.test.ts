// The theme app extension: its assets are today's build of the widget scripts; every block has a
// valid schema (app blocks target sections, embeds the body); settings and strings reach the page
// escaped; the emulator's storefront renders the blocks from metafields (stars in plain Liquid, the
// app's snapshots) and leaves them all out with ?plaudit=off.
import fs from 'node:fs';
import path from 'node:path';
import {
  DEMO_SHOP,
  EMULATOR_API_KEY,
  EMULATOR_API_SECRET,
  EXTENSION_DIR,
  gid,
  startEmulator,
  ThemeExtension,
  type PageAssets,
  type RunningEmulator,
} from '@plaudit/kernel/testing';
import { NAMESPACE } from '../shared/metafields';
import { buildScripts, SCRIPT_NAMES } from '../storefront/build';

const blocks = fs.readdirSync(path.join(EXTENSION_DIR, 'blocks')).map((f) => f.replace(/\.liquid$/, ''));
const snippets = fs.readdirSync(path.join(EXTENSION_DIR, 'snippets')).map((f) => fs.readFileSync(path.join(EXTENSION_DIR, 'snippets', f), 'utf8'));

test('the extension carries the current build of every widget script (npm run build:extension)', async () => {
  const built = await buildScripts();
  for (const name of SCRIPT_NAMES) {
    expect([name, fs.readFileSync(path.join(EXTENSION_DIR, 'assets', `${name}.js`)).equals(built.get(name)!.code)]).toEqual([name, true]);
  }
});

test('blocks: valid schemas, app blocks in sections, embeds in the body, every asset present', () => {
  const theme = new ThemeExtension();
  expect(blocks.sort()).toEqual([
    'all-reviews',
    'carousel',
    'customer-reviews',
    'floating',
    'instagram-feed',
    'popup',
    'questions',
    'review-box',
    'sidebar',
    'star-rating',
    'store-badge',
    'testimonials',
    'upsell-rating',
  ]);
  for (const name of blocks) {
    const { schema, source } = theme.block(name)!;
    expect([name, schema.target]).toEqual([name, ['popup', 'sidebar', 'floating'].includes(name) ? 'body' : 'section']);
    for (const file of [schema.javascript, schema.stylesheet].filter(Boolean)) expect(fs.existsSync(path.join(EXTENSION_DIR, 'assets', file!))).toBe(true);
    for (const m of source.matchAll(/'([\w-]+\.(?:js|css))' \| asset_url/g)) expect(fs.existsSync(path.join(EXTENSION_DIR, 'assets', m[1]))).toBe(true);
    // Outputs: settings and strings escaped; numbers forced; only the app's own snapshots raw.
    for (const m of [source, ...snippets].join('\n').matchAll(/{{-?\s*([^}]+?)\s*-?}}/g)) {
      const expr = m[1];
      const ok =
        /\|\s*escape\b/.test(expr) ||
        /\|\s*(times|asset_url)\b/.test(expr) ||
        /^(pct|count|block\.shopify_attributes|root|proxy|routes\.root_url)$/.test(expr) ||
        /^html \| replace: '"\/apps\/plaudit', quoted_proxy/.test(expr) ||
        /^routes\.root_url \| append: '\/' \| replace: '\/\/', '\/'$/.test(expr);
      expect([name, expr, ok]).toEqual([name, expr, true]);
    }
  }
});

test('settings and translations reach the page escaped', async () => {
  const theme = new ThemeExtension();
  const page: PageAssets = { stylesheets: new Set(), scripts: new Set() };
  const evil = '"><script>alert(1)</script>';
  const html = await theme.render('floating', {}, { routes: { root_url: '/' } }, page, { label: evil, color: evil, page_path: evil });
  expect(html).not.toContain('<script>');
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(theme.translate('plaudit.review_count', { count: 1 })).toBe('1 review');
  expect(theme.translate('plaudit.review_count', { count: 3 })).toBe('3 reviews');
});

describe('on the emulated storefront', () => {
  let em: RunningEmulator;
  beforeAll(async () => {
    em = await startEmulator({ port: 0, apiKey: EMULATOR_API_KEY, apiSecret: EMULATOR_API_SECRET, appUrl: 'http://127.0.0.1:9' });
  });
  afterAll(() => em.stop());

  test('stars in plain Liquid from the rating metafields, the review box from its snapshot, assets compressed', async () => {
    const shop = em.store.shop(DEMO_SHOP)!;
    const product = shop.products.find((p) => p.handle === 'ceramic-coffee-mug')!;
    const now = new Date().toISOString();
    const set = (key: string, ns: string, type: string, value: string, owner = gid('Product', product.id)) =>
      shop.metafields.push({ id: em.store.nextId(), ownerId: owner, namespace: ns, key, type, value, createdAt: now, updatedAt: now });
    set('rating', 'reviews', 'rating', JSON.stringify({ value: '4.50', scale_min: '1.0', scale_max: '5.0' }));
    set('rating_count', 'reviews', 'number_integer', '8');
    set('review_box', 'plaudit', 'multi_line_text_field', '<div class="pl-widget" data-pl-widget="review-box"><p>Snapshot of the box</p></div>');
    set('carousel', 'plaudit', 'multi_line_text_field', '<!-- plaudit: off -->', gid('Shop', shop.id));

    const html = await (await fetch(`${em.url}/products/ceramic-coffee-mug`)).text();
    expect(html).toContain('<span class="pl-stars" role="img" aria-label="4.5 out of 5 stars"><span class="pl-stars-fill" style="width: 90%"></span></span>');
    expect(html).toContain('<span aria-hidden="true">(8)</span><span class="pl-sr">8 reviews</span>');
    expect(html).toContain('<p>Snapshot of the box</p>');
    expect(html).not.toContain('data-block="review-box"'); // no fallback: the snapshot is there
    expect(html).toContain('data-block="popup"'); // no popup snapshot yet: loaded through the proxy
    const css = /<link rel="stylesheet" href="([^"]+)">/.exec(html)![1];
    expect(css).toMatch(/^\/cdn\/extensions\/plaudit-reviews\/plaudit\.css\?v=[0-9a-f]{10}$/);
    const scripts = [...html.matchAll(/<script src="([^"]+)" defer><\/script>/g)].map((m) => m[1].split('?')[0]);
    expect(scripts).toEqual(
      expect.arrayContaining([
        '/cdn/extensions/plaudit-reviews/review-box.js',
        '/cdn/extensions/plaudit-reviews/submit-form.js',
        '/cdn/extensions/plaudit-reviews/popup.js',
      ]),
    );
    const asset = await fetch(`${em.url}${css}`, { headers: { 'Accept-Encoding': 'br' } });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toContain('.plaudit-floating');

    const home = await (await fetch(`${em.url}/`)).text();
    expect(home).toContain('<!-- plaudit: off -->');
    expect(home).toContain('class="plaudit-floating plaudit-floating-right" href="/pages/reviews"');
  });

  test('account page and upsell areas: the blocks render for a signed-in customer and where offers are, and not when plaudit.blocks says off', async () => {
    const shop = em.store.shop(DEMO_SHOP)!;
    const customer = shop.customers.find((c) => shop.orders.some((o) => o.customerId === c.id))!;
    const login = await fetch(`${em.url}/account/login?email=${encodeURIComponent(customer.email)}`, { redirect: 'manual' });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const account = () => fetch(`${em.url}/account`, { headers: { cookie } }).then((r) => r.text());
    // request.locale is set on every storefront page (English here): the block passes it on
    const portal = '<div class="plaudit-app-block" data-block="customer-portal" data-proxy="/apps/plaudit" data-locale="en"></div>';
    const now = new Date().toISOString();
    const flags = (value: Record<string, boolean>) =>
      shop.metafields.push({
        id: em.store.nextId(),
        ownerId: gid('Shop', shop.id),
        namespace: NAMESPACE,
        key: 'blocks',
        type: 'json',
        value: JSON.stringify(value),
        createdAt: now,
        updatedAt: now,
      });
    // the app has not said anything yet: both blocks start off
    expect(await account()).not.toContain('plaudit-customer-reviews');
    expect(await (await fetch(`${em.url}/cart`)).text()).not.toContain('plaudit-upsell');
    flags({ customer_portal: true, upsell: true });
    // nothing of the customer in the block's markup: the proxy signs who they are
    expect(await account()).toContain(portal);
    expect((await account()).split('shopify-section-template--customers-account__main')[1]).not.toContain(`data-customer`);
    const product = await (await fetch(`${em.url}/products/ceramic-coffee-mug`)).text();
    expect(product).toMatch(
      /<div id="shopify-section-template--product__upsell" class="shopify-section">[\s\S]*data-product-id="\d+"[\s\S]*<div class="plaudit-block plaudit-upsell" data-pl-base="\/apps\/plaudit" data-pl-cards="\[data-product-id\]" data-pl-locale="en"\s*>/,
    );
    expect(product).toContain('/cdn/extensions/plaudit-reviews/upsell.js');
    // the guest's account page is the login: no portal
    expect(await (await fetch(`${em.url}/account`)).text()).not.toContain('customer-portal');

    shop.metafields.pop();
    flags({ customer_portal: false, upsell: false });
    expect(await account()).not.toContain('plaudit-customer-reviews');
    const off = await (await fetch(`${em.url}/cart`)).text();
    expect(off).toContain('You may also like');
    expect(off).not.toContain('plaudit-upsell');
    // (the schema's upsell.js still loads, as Shopify adds a placed block's assets; it finds nothing to do)
    shop.metafields.pop();
  });

  test('?plaudit=off renders the page without any app block, embed or asset', async () => {
    for (const path of ['/', '/products/ceramic-coffee-mug', '/collections/all', '/pages/reviews', '/cart']) {
      const html = await (await fetch(`${em.url}${path}?plaudit=off`)).text();
      expect([path, /plaudit-|pl-widget|\/cdn\/extensions/.test(html.replace(/plaudit-demo/g, ''))]).toEqual([path, false]);
    }
  });
});
