// Imported reviews' languages, detected in batches (the `translations-detect-languages` schedule,
// workflows/index.ts): the reviews plugin's import writes without events, so the handlers of ReviewCreated
// and ReviewUpdated never see those reviews. Each shop is read past its mark (review_language_scans)
// a page at a time, at most PER_SHOP reviews a run, so one large import is spread over a few runs and
// holds up no other shop. Idempotent: a page's languages are written before the mark moves past it,
// and a page done twice writes the same languages.
import { setImmediate } from 'node:timers/promises';
import type { ActivityDeps, ShopView, Tenant } from '@plaudit/kernel';
import { ReviewTexts, type ReviewText, type ReviewTextsApi } from '@plaudit/contracts/reviews';
import type { DetectionInput, DetectionPage } from '../workflows/messages';
import { detectLanguage } from './detect';

const MARKS = 'review_language_scans';
const FEATURE = 'reviewTranslation';
const YIELD_EVERY = 20;
const PAGE = 200;
/** reviews looked at per shop and run: at every 5 minutes, a 50,000-review import is done in about two hours */
export const PER_SHOP = 2_000;
/** shops per activity call: each call stays well under its timeout, the workflow's history short */
export const SHOPS_PER_CALL = 10;

async function markOf(tenant: Tenant): Promise<number> {
  const row = (await tenant.table(MARKS).first('lastReviewId')) as { lastReviewId: string } | undefined;
  return row ? Number(row.lastReviewId) : 0;
}

async function setMark(tenant: Tenant, lastReviewId: number): Promise<void> {
  await tenant.insertInto(MARKS, { lastReviewId, updatedAt: new Date() }).onConflict('shop_id').merge(['last_review_id', 'updated_at']);
}

/**
 * Stores the languages found in a page. A review whose words changed since the page was read, or
 * that has a language by now, is left alone: its edit event (detect.ts) detects it from its new words.
 */
async function storeLanguages(texts: ReviewTextsApi, tenant: Tenant, page: ReviewText[]): Promise<number> {
  const found: { r: ReviewText; language: string }[] = [];
  for (const [n, r] of page.entries()) {
    const language = await detectLanguage(r.title, r.content);
    if (language) found.push({ r, language });
    // about 2 ms a review: the worker's other activities get the event loop between small batches
    if (n % YIELD_EVERY === YIELD_EVERY - 1) await setImmediate();
  }
  if (!found.length) return 0;
  const now = new Map(
    (
      await texts.read(
        tenant,
        found.map((f) => f.r.id),
      )
    ).map((r) => [r.id, r]),
  );
  let stored = 0;
  for (const { r, language } of found) {
    const current = now.get(r.id);
    if (!current || current.language || current.title !== r.title || current.content !== r.content) continue;
    await texts.setLanguage(tenant, r.id, language);
    stored++;
  }
  return stored;
}

/** One shop's reviews without a language past its mark, at most `limit` of them. */
export async function detectShop(texts: ReviewTextsApi, tenant: Tenant, limit = PER_SHOP): Promise<{ examined: number; detected: number }> {
  let after = await markOf(tenant);
  let examined = 0;
  let detected = 0;
  while (examined < limit) {
    const size = Math.min(PAGE, limit - examined);
    const page = await texts.undetected(tenant, after, size);
    if (!page.length) break;
    detected += await storeLanguages(texts, tenant, page);
    examined += page.length;
    after = page[page.length - 1].id;
    await setMark(tenant, after);
    if (page.length < size) break;
  }
  return { examined, detected };
}

async function shopsOf(deps: ActivityDeps, input: DetectionInput): Promise<ShopView[]> {
  if (!input.shopId) return deps.shops.installed(input.afterShopId, SHOPS_PER_CALL);
  const shop = await deps.shops.get(input.shopId);
  return shop && !shop.uninstalled ? [shop] : [];
}

/** The activity: the next SHOPS_PER_CALL installed shops (or the one asked for). */
export async function detectLanguagesPage(deps: ActivityDeps, input: DetectionInput): Promise<DetectionPage> {
  const texts = deps.capabilities.get(ReviewTexts);
  const shops = await shopsOf(deps, input);
  const page: DetectionPage = {
    shops: 0,
    examined: 0,
    detected: 0,
    lastShopId: shops.at(-1)?.id ?? input.afterShopId,
    more: !input.shopId && shops.length === SHOPS_PER_CALL,
  };
  if (!texts) return { ...page, more: false };
  const limit = Math.min(PER_SHOP, Math.max(1, input.perShop ?? PER_SHOP));
  for (const shop of shops) {
    // a review's language only serves translation: shops without it are not read (their backlog
    // waits behind the mark until the plan allows it)
    if (!deps.shops.allows(shop, FEATURE)) continue;
    try {
      const done = await detectShop(texts, deps.tenant(shop.id, shop.domain), limit);
      page.shops++;
      page.examined += done.examined;
      page.detected += done.detected;
    } catch (err) {
      // one shop's failure holds up no other; its mark has not moved past what failed
      deps.log.warn({ err: (err as Error).message, shop: shop.domain }, 'review languages not detected; the next run tries again');
    }
  }
  return page;
}
