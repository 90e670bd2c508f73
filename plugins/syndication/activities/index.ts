// The plugin's durable event handlers: every change of a review brings it in line on Shopify (when
// the shop syndicates there), and a re-sync goes through the shop's published reviews a page at a time.
import { eventHandlers, handleEvent, type ActivityDeps, type Tenant } from '@plaudit/kernel';
import {
  ReviewCreated,
  ReviewDeleted,
  ReviewFeed,
  ReviewMediaAdded,
  ReviewPublished,
  ReviewReplied,
  ReviewTexts,
  ReviewUpdated,
  type ReviewsChangedPayload,
} from '@plaudit/contracts/reviews';
import { noteSync, syncedReviewIds } from '../db/state';
import { RESYNC_PAGE, ResyncPage, type ResyncPagePayload } from '../shared/events';
import { SETTINGS_DEFAULTS, SETTINGS_NAMESPACE, syndicationSettingsSchema } from '../shared/settings';
import { patiently, syncReview } from './shopify';

/** No workflow of its own: the event deliveries are the durable part. */
export function createActivities(_deps: ActivityDeps) {
  return {};
}

export function createEventHandlers(deps: ActivityDeps) {
  const settings = deps.settings.namespace(SETTINGS_NAMESPACE, syndicationSettingsSchema, SETTINGS_DEFAULTS);

  async function sync(shopId: number, shopDomain: string, reviewIds: number[], editedAt?: string) {
    if (!reviewIds.length || !(await settings.get(shopId)).shopifyEnabled) return;
    const tenant = deps.tenant(shopId, shopDomain);
    for (const id of reviewIds) await syncReview(deps, tenant, shopDomain, id, editedAt);
  }

  const changed = (e: ReviewsChangedPayload) =>
    sync(
      e.shopId,
      e.shopDomain,
      e.reviews.map((r) => r.reviewId),
      e.change === 'edit' ? e.at : undefined,
    );

  /**
   * The re-sync's last step: reviews Shopify still holds that shoppers no longer see (unpublished or
   * deleted while syndication was off, or an event lost) are brought in line, which deletes them.
   * Only those cost a call; the check itself is one feed query per hundred.
   */
  async function sweepGone(tenant: Tenant, shopDomain: string) {
    const feed = deps.capabilities.get(ReviewFeed);
    if (!feed) return;
    const ids = await syncedReviewIds(tenant);
    for (let i = 0; i < ids.length; i += 100) {
      const chunk = ids.slice(i, i + 100);
      const shown = new Set((await feed.reviews(tenant, { ids: chunk, excludeDemo: true, limit: chunk.length })).items.map((r) => r.id));
      for (const id of chunk.filter((x) => !shown.has(x))) await syncReview(deps, tenant, shopDomain, id);
    }
  }

  /** One page of a re-sync, then the next page's event (its own delivery, retried on its own). */
  async function resyncPage(p: ResyncPagePayload) {
    const texts = deps.capabilities.get(ReviewTexts);
    if (!texts || !(await settings.get(p.shopId)).shopifyEnabled) return;
    const tenant = deps.tenant(p.shopId, p.shopDomain);
    const page = await texts.published(tenant, p.afterId, RESYNC_PAGE);
    for (const r of page) await syncReview(deps, tenant, p.shopDomain, r.id);
    if (page.length < RESYNC_PAGE) {
      await sweepGone(tenant, p.shopDomain);
      return noteSync(tenant);
    }
    const next: ResyncPagePayload = { ...p, afterId: page[page.length - 1].id };
    await patiently(() => deps.events.emit(ResyncPage, next, { key: `${p.shopDomain}:${p.run}:${next.afterId}`, shopDomain: p.shopDomain }));
  }

  return eventHandlers(
    handleEvent(ReviewCreated, (e) => sync(e.shopId, e.shopDomain, [e.reviewId])),
    handleEvent(ReviewPublished, changed),
    handleEvent(ReviewUpdated, changed),
    handleEvent(ReviewDeleted, changed),
    handleEvent(ReviewReplied, changed),
    handleEvent(ReviewMediaAdded, (e) => sync(e.shopId, e.shopDomain, [e.reviewId])),
    handleEvent(ResyncPage, resyncPage),
  );
}
