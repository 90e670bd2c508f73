// The plugin's durable event handlers: every change of a review brings it in line on Shopify (when
// the shop syndicates there), and a re-sync goes through the shop's published reviews a page at a time.
import { eventHandlers, handleEvent, type ActivityDeps, type PlatformHooks } from '@plaudit/kernel';
import {
  ReviewCreated,
  ReviewDeleted,
  ReviewMediaAdded,
  ReviewPublished,
  ReviewReplied,
  ReviewTexts,
  ReviewUpdated,
  type ReviewsChangedPayload,
} from '@plaudit/contracts/reviews';
import { noteSync } from '../db/state';
import { RESYNC_PAGE, ResyncPage, type ResyncPagePayload } from '../shared/events';
import { SETTINGS_DEFAULTS, SETTINGS_NAMESPACE, syndicationSettingsSchema } from '../shared/settings';
import { backfillActivities } from './backfill';
import { googleClientFor, syncGoogleReview } from './google';
import { googleBackfillActivities } from './google-backfill';
import { metaobjectHooks } from './metaobject-hooks';
import { patiently, sweepGone, syncReview } from './shopify';

/** The re-sync workflows' steps (workflows/backfill.ts, workflows/google-backfill.ts). */
export function createActivities(deps: ActivityDeps) {
  return { ...backfillActivities(deps), ...googleBackfillActivities(deps) };
}

/** A merchant's edit or deletion of a review metaobject in Shopify's admin, put right (activities/metaobject-hooks.ts). */
export function createPlatformHooks(deps: ActivityDeps): PlatformHooks {
  return { webhooks: metaobjectHooks(deps) };
}

export function createEventHandlers(deps: ActivityDeps) {
  const settings = deps.settings.namespace(SETTINGS_NAMESPACE, syndicationSettingsSchema, SETTINGS_DEFAULTS);

  /** Each channel the shop sends to: Shopify when switched on, Google when the push is connected. */
  async function sync(shopId: number, shopDomain: string, reviewIds: number[], editedAt?: string) {
    if (!reviewIds.length) return;
    const tenant = deps.tenant(shopId, shopDomain);
    if ((await settings.get(shopId)).shopifyEnabled) for (const id of reviewIds) await syncReview(deps, tenant, shopDomain, id, { editedAt });
    const google = await googleClientFor(deps, shopId);
    if (google) for (const id of reviewIds) await syncGoogleReview(deps, tenant, id, google);
  }

  const changed = (e: ReviewsChangedPayload) =>
    sync(
      e.shopId,
      e.shopDomain,
      e.reviews.map((r) => r.reviewId),
      e.change === 'edit' ? e.at : undefined,
    );

  /**
   * One page of a re-sync as it ran before the workflow (workflows/backfill.ts) took over: kept so
   * pages already recorded in the outbox when this version is deployed still finish. Remove it once
   * no `syndication.resync-page` delivery is left (none is emitted any more).
   */
  async function resyncPage(p: ResyncPagePayload) {
    const texts = deps.capabilities.get(ReviewTexts);
    if (!texts || !(await settings.get(p.shopId)).shopifyEnabled) return;
    const tenant = deps.tenant(p.shopId, p.shopDomain);
    const page = await texts.published(tenant, p.afterId, RESYNC_PAGE);
    for (const r of page) await syncReview(deps, tenant, p.shopDomain, r.id);
    if (page.length < RESYNC_PAGE) {
      await sweepGone(deps, tenant, p.shopDomain);
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
