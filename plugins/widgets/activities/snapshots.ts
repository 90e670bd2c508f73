// Snapshots of the widgets in Shopify's metafields, so the theme blocks show reviews (and the JSON-LD)
// in the page's own HTML, without script and without a call to the app: the review box of every
// active product (product plaudit.review_box) and the shop-wide widgets (shop plaudit.carousel,
// testimonials, all_reviews, popup, sidebar). A shop is looked at only when its review feed version or
// its settings changed since the last pass; then each widget is rendered and written only if its
// HTML changed (hashes in widget_snapshots).
import crypto from 'node:crypto';
import { discoverPlugins } from '../../../api/plugins/discover';
import { loadApiPlugins } from '../../../api/plugins/load';
import type { ReviewFeed } from '../../../api/plugins/types';
import { NoSessionError } from '../../../api/platform/token-store';
import type { ActivityDeps } from '../../../workflows/plugin';
import { reviewSettings as reviewSettingsSchema } from '../../reviews/shared/review';
import { renderWidget, type Block } from '../api/render';
import { reviewBoxJsonLd, widgetContext, WidgetData, type ShopView } from '../api/widget-data';
import { withDisplayDefaults } from '../shared/display-settings';

export const NAMESPACE = 'plaudit';
const SHOP_MARKER = '_shop';
/** Shopify keeps text metafields to about 64 K characters; a larger snapshot is left to the proxy. */
const MAX_CHARS = 60_000;
const MAX_PRODUCTS = 2000;
const SHOP_WIDGETS: { block: Block; key: string }[] = [
  { block: 'carousel', key: 'carousel' }, { block: 'testimonials', key: 'testimonials' }, { block: 'all-reviews', key: 'all_reviews' },
  { block: 'popup', key: 'popup' }, { block: 'sidebar', key: 'sidebar' },
];

let feedOnce: ReviewFeed | null | undefined;
/** The review feed of the plugin that owns reviews, loaded as the API loads it. */
function reviewFeed(deps: ActivityDeps): ReviewFeed | null {
  if (feedOnce === undefined) feedOnce = loadApiPlugins(discoverPlugins(deps.config.pluginDirs)).find((p) => p.reviewFeed)?.reviewFeed ?? null;
  return feedOnce;
}

const hash = (text: string) => crypto.createHash('sha1').update(text).digest('base64url');

interface Written {
  ownerId: string;
  productId: string;
  key: string;
  value: string;
  version: string;
}

export interface SnapshotResult {
  shops: number;
  written: number;
}

export async function syncSnapshots(deps: ActivityDeps, only?: { shopId?: number }): Promise<SnapshotResult> {
  const feed = reviewFeed(deps);
  if (!deps.platform || !feed) return { shops: 0, written: 0 };
  // tenancy: a sweep over installed shops; everything below is read and written per shop
  const shops = await deps.knex('shops').whereNull('uninstalledAt').modify((q) => only?.shopId && q.where({ id: only.shopId })).orderBy('id').select('id', 'shopifyDomain', 'name', 'domain');
  const result: SnapshotResult = { shops: 0, written: 0 };
  for (const shop of shops) {
    try {
      const n = await syncShop(deps, feed, shop);
      if (n >= 0) result.shops += 1;
      result.written += Math.max(0, n);
    } catch (err) {
      deps.log.warn({ err: (err as Error).message, shop: shop.shopifyDomain }, 'widget snapshots not written');
    }
  }
  return result;
}

/** -1 when nothing changed since the last pass, else how many metafields were written. */
async function syncShop(deps: ActivityDeps, feed: ReviewFeed, shop: { id: number; shopifyDomain: string; name: string | null; domain: string | null }): Promise<number> {
  const tenant = deps.tenantFor(shop.id, shop.shopifyDomain);
  // tenancy: this shop's settings rows
  const settings: { namespace: string; value: unknown }[] = await deps.knex('settings').where({ shopId: shop.id }).whereIn('namespace', ['display', 'reviews']).orderBy('namespace').select('namespace', 'value');
  // Relative dates ("3 days ago") age without any change: such shops are rendered again every hour.
  const relative = JSON.stringify(settings).includes('"dateFormat":"relative"') ? Math.floor(Date.now() / 3_600_000) : '';
  const state = hash(`${await feed.version(tenant)}|${JSON.stringify(settings)}|${relative}`);
  // tenancy: this shop's snapshot rows
  const rows: { productId: string; key: string; version: string }[] = await deps.knex('widget_snapshots').where({ shopId: shop.id }).select('productId', 'key', 'version');
  const stored = new Map(rows.map((r) => [`${r.productId}|${r.key}`, r.version]));
  if (stored.get(`|${SHOP_MARKER}`) === state) return -1;

  const value = (ns: string) => settings.find((s) => s.namespace === ns)?.value;
  const parsedReviews = reviewSettingsSchema.safeParse(value('reviews') ?? {});
  const view: ShopView = {
    tenant, shopName: shop.name ?? shop.shopifyDomain, display: withDisplayDefaults(value('display')),
    reviewSettings: { richSnippets: parsedReviews.success ? parsedReviews.data.richSnippets : true }, endpoint: '/apps/plaudit',
  };
  const data = new WidgetData(feed, deps.config.appUrl);
  const ctx = widgetContext(view);
  const api = deps.platform!.adminApi(shop.shopifyDomain);
  const changed: Written[] = [];
  const consider = (ownerId: string, productId: string, key: string, html: string) => {
    if (html.length > MAX_CHARS) {
      deps.log.warn({ shop: shop.shopifyDomain, productId, key, chars: html.length }, 'widget snapshot too large for a metafield; the theme loads it through the proxy');
      return;
    }
    // An empty widget (switched off) is written as a comment: blank would make the theme fall back.
    const text = html || '<!-- plaudit: off -->';
    const version = hash(text);
    if (stored.get(`${productId}|${key}`) !== version) changed.push({ ownerId, productId, key, value: text, version });
  };

  try {
    const shopGid = (await api.shopInfo()).shop.id;
    for (const w of SHOP_WIDGETS) consider(shopGid, '', w.key, renderWidget(w.block, ctx, await data.load(w.block, view, {})));
    let after: string | undefined;
    let seen = 0;
    do {
      const page = await api.products({ first: 100, after, query: 'status:active' });
      for (const p of page.nodes) {
        const box = await data.reviewBox(view, { product_id: p.id }, p.title);
        box.product.handle ??= p.handle;
        const jsonLd = reviewBoxJsonLd(view, box, `https://${shop.domain || shop.shopifyDomain}/products/${encodeURIComponent(p.handle)}`);
        consider(p.id, p.id, 'review_box', renderWidget('review-box', ctx, box, { jsonLd }));
      }
      seen += page.nodes.length;
      after = page.pageInfo.hasNextPage && page.pageInfo.endCursor ? page.pageInfo.endCursor : undefined;
    } while (after && seen < MAX_PRODUCTS);

    for (let i = 0; i < changed.length; i += 25) {
      const batch = changed.slice(i, i + 25);
      await api.setMetafields(batch.map((w) => ({ ownerId: w.ownerId, namespace: NAMESPACE, key: w.key, type: 'multi_line_text_field', value: w.value })));
      await remember(deps, shop.id, batch.map((w) => ({ productId: w.productId, key: w.key, version: w.version })));
    }
  } catch (err) {
    // Without a usable token nothing can be written until the shop is installed again and changes.
    if (!(err instanceof NoSessionError)) throw err;
  }
  await remember(deps, shop.id, [{ productId: '', key: SHOP_MARKER, version: state }]);
  return changed.length;
}

async function remember(deps: ActivityDeps, shopId: number, rows: { productId: string; key: string; version: string }[]) {
  // tenancy: rows of this shop only
  await deps.knex('widget_snapshots')
    .insert(rows.map((r) => ({ shopId, productId: r.productId, key: r.key, version: r.version, syncedAt: deps.knex.fn.now() })))
    .onConflict(['shop_id', 'product_id', 'key'])
    .merge(['version', 'synced_at']);
}
