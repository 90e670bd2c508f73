// Snapshots of the widgets in Shopify's metafields, so the theme blocks show reviews (and the JSON-LD)
// in the page's own HTML, without script and without a call to the app: the review box of every
// active product (product plaudit.review_box) and the shop-wide widgets (shop plaudit.carousel,
// testimonials, all_reviews, popup, sidebar), plus which proxy-only blocks are on (plaudit.blocks). A shop is looked at only when its review feed version or
// its settings changed since the last pass; then each widget is rendered and written only if its
// HTML changed (hashes in widget_snapshots). Reviews come from the capability ReviewFeed, as in
// the API; without it there is nothing to write. Snapshots are in the shop's primary storefront
// language: the theme blocks use them only on the primary locale and load other languages through
// the proxy (extensions/plaudit-reviews, I18N.md).
import crypto from 'node:crypto';
import { type ActivityDeps, NoSessionError, type ShopView as KernelShop } from '@plaudit/kernel';
import { displayOf } from '../api/display-store';
import { merchantLabelsOf } from '../shared/merchant-labels';
import { renderWidget, type Block } from '../api/render';
import { catalogVersion, shopperLanguage } from '../api/storefront-text';
import { reviewBoxJsonLd, widgetContext, WidgetData, type ShopView } from '../api/widget-data';
import { ReviewFeed, type ReviewFeedApi } from '@plaudit/contracts/reviews';
import { ReviewDisclosure } from '@plaudit/contracts/review-disclosure';
import { NAMESPACE } from '../shared/metafields';
import { reviewTranslationsOf } from '../shared/review-translations';
import { reviewQuestionsOf } from '../shared/review-questions';
import { reviewInsightsOf } from '../shared/review-insights';
import { productGroupsOf } from '../shared/product-groups';
import { storeLinkOriginsOf } from '../shared/store-links';

const SHOP_MARKER = '_shop';
/** Shopify keeps text metafields to about 64 K characters; a larger snapshot is left to the proxy. */
const MAX_CHARS = 60_000;
const MAX_PRODUCTS = 2000;
const SHOP_WIDGETS: { block: Block; key: string }[] = [
  { block: 'carousel', key: 'carousel' },
  { block: 'testimonials', key: 'testimonials' },
  { block: 'all-reviews', key: 'all_reviews' },
  { block: 'popup', key: 'popup' },
  { block: 'sidebar', key: 'sidebar' },
];

const hash = (text: string) => crypto.createHash('sha1').update(text).digest('base64url');

interface Written {
  ownerId: string;
  productId: string;
  key: string;
  value: string;
  version: string;
  type?: string;
}

/**
 * Shop plaudit.blocks: which of the blocks that only load through the proxy are switched on, so
 * their Liquid renders nothing (and reserves no space) when the merchant has them off.
 */
export function blockFlags(display: ShopView['display']): string {
  return JSON.stringify({ customer_portal: display.customerPortal.enabled, upsell: display.upsell.enabled });
}

export interface SnapshotResult {
  shops: number;
  written: number;
}

export async function syncSnapshots(deps: ActivityDeps, only?: { shopId?: number }): Promise<SnapshotResult> {
  const feed = deps.capabilities.get(ReviewFeed);
  if (!deps.platform || !feed) return { shops: 0, written: 0 };
  const result: SnapshotResult = { shops: 0, written: 0 };
  for await (const shop of installedShops(deps, only?.shopId)) {
    try {
      const n = await syncShop(deps, feed, shop);
      if (n >= 0) result.shops += 1;
      result.written += Math.max(0, n);
    } catch (err) {
      deps.log.warn({ err: (err as Error).message, shop: shop.domain }, 'widget snapshots not written');
    }
  }
  return result;
}

/** One installed shop, or every one a page at a time. */
async function* installedShops(deps: ActivityDeps, shopId?: number): AsyncGenerator<KernelShop> {
  if (shopId) {
    const shop = await deps.shops.get(shopId);
    if (shop && !shop.uninstalled) yield shop;
    return;
  }
  for (let after = 0; ; ) {
    const page = await deps.shops.installed(after, 100);
    yield* page;
    if (page.length < 100) return;
    after = page[page.length - 1].id;
  }
}

/** -1 when nothing changed since the last pass, else how many metafields were written. */
async function syncShop(deps: ActivityDeps, feed: ReviewFeedApi, shop: KernelShop): Promise<number> {
  const tenant = deps.tenant(shop.id, shop.domain);
  const [display, reviewSettings] = await Promise.all([displayOf(deps.settings, shop.id), feed.storefrontSettings(tenant)]);
  // Relative dates ("3 days ago") age without any change: such shops are rendered again every hour.
  const relative = display.general.dateFormat === 'relative' ? Math.floor(Date.now() / 3_600_000) : '';
  const lang = shopperLanguage(undefined, shop.locale);
  const labels = (await merchantLabelsOf(deps).all(tenant))[lang] ?? {};
  // "See translation" (second tier) and automatic translation are in the snapshot's HTML too
  const translations = reviewTranslationsOf(deps);
  const translation = await translations.mode(tenant);
  // the custom questions' distributions and form fields (plugins/review-questions) are in it too
  const questions = reviewQuestionsOf(deps);
  const questionsVersion = (await questions?.version(tenant)) ?? null;
  // and "What customers say" (plugins/insights): its topics and quoted sentences
  const insights = reviewInsightsOf(deps);
  const insightsVersion = (await insights?.version(tenant)) ?? null;
  // and the product groups (plugins/product-groups): a grouped product's box shows its group's reviews
  const groups = productGroupsOf(deps);
  const groupsVersion = (await groups?.version(tenant)) ?? null;
  const state = hash(
    `${await feed.version(tenant)}|${JSON.stringify([display, reviewSettings, labels, translation, questionsVersion, insightsVersion, groupsVersion])}|${relative}|${lang}|${catalogVersion()}`,
  );
  // tenancy: this shop's snapshot rows
  const rows: { productId: string; key: string; version: string }[] = await deps
    .knex('widget_snapshots')
    .where({ shopId: shop.id })
    .select('productId', 'key', 'version');
  const stored = new Map(rows.map((r) => [`${r.productId}|${r.key}`, r.version]));
  if (stored.get(`|${SHOP_MARKER}`) === state) return -1;

  // the disclosure page in the shop's primary language, through the app proxy like every snapshot link
  const disclosure = deps.capabilities.get(ReviewDisclosure);
  const view: ShopView = {
    tenant,
    shopName: shop.name,
    display,
    reviewSettings,
    endpoint: '/apps/plaudit',
    lang,
    primaryLang: lang,
    labels,
    translation,
    ...(disclosure ? { disclosureUrl: `/apps/plaudit/${disclosure.path}` } : {}),
  };
  const data = new WidgetData(feed, deps.config.appUrl, undefined, translations, questions, insights, groups, storeLinkOriginsOf(deps));
  const ctx = widgetContext(view);
  const api = deps.platform!.adminApi(shop.domain);
  const changed: Written[] = [];
  const consider = (ownerId: string, productId: string, key: string, html: string) => {
    if (html.length > MAX_CHARS) {
      deps.log.warn(
        { shop: shop.domain, productId, key, chars: html.length },
        'widget snapshot too large for a metafield; the theme loads it through the proxy',
      );
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
    const flags = blockFlags(display);
    if (stored.get('|blocks') !== hash(flags))
      changed.push({ ownerId: shopGid, productId: '', key: 'blocks', value: flags, version: hash(flags), type: 'json' });
    let after: string | undefined;
    let seen = 0;
    do {
      const page = await api.products({ first: 100, after, query: 'status:active' });
      for (const p of page.nodes) {
        const box = await data.reviewBox(view, { product_id: p.id }, p.title);
        box.product.handle ??= p.handle;
        const jsonLd = reviewBoxJsonLd(view, box, `https://${shop.publicDomain || shop.domain}/products/${encodeURIComponent(p.handle)}`);
        consider(p.id, p.id, 'review_box', renderWidget('review-box', ctx, box, { jsonLd }));
      }
      seen += page.nodes.length;
      after = page.pageInfo.hasNextPage && page.pageInfo.endCursor ? page.pageInfo.endCursor : undefined;
    } while (after && seen < MAX_PRODUCTS);

    for (let i = 0; i < changed.length; i += 25) {
      const batch = changed.slice(i, i + 25);
      await api.setMetafields(
        batch.map((w) => ({ ownerId: w.ownerId, namespace: NAMESPACE, key: w.key, type: w.type ?? 'multi_line_text_field', value: w.value })),
      );
      await remember(
        deps,
        shop.id,
        batch.map((w) => ({ productId: w.productId, key: w.key, version: w.version })),
      );
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
  await deps
    .knex('widget_snapshots')
    .insert(rows.map((r) => ({ shopId, productId: r.productId, key: r.key, version: r.version, syncedAt: deps.knex.fn.now() })))
    .onConflict(['shop_id', 'product_id', 'key'])
    .merge(['version', 'synced_at']);
}
