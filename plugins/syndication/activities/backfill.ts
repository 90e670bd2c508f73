// The re-sync workflow's activities (workflows/backfill.ts): one page of published reviews brought
// in line through one Admin API client, whose answers tell the workflow what the page cost and what
// the bucket holds; then the sweep of reviews no longer shown, and the run marked finished.
import type { ActivityDeps } from '@plaudit/kernel';
import { ReviewTexts } from '@plaudit/contracts/reviews';
import { noteBackfill, noteSync } from '../db/state';
import { BACKFILL_PAGE, type BackfillInput, type BackfillPage } from '../shared/backfill';
import { SETTINGS_DEFAULTS, SETTINGS_NAMESPACE, syndicationSettingsSchema } from '../shared/settings';
import { sweepGone, syncReview } from './shopify';

export function backfillActivities(deps: ActivityDeps) {
  const settings = deps.settings.namespace(SETTINGS_NAMESPACE, syndicationSettingsSchema, SETTINGS_DEFAULTS);

  /** Still wanted: syndication on, and this run the shop's current re-sync. */
  async function current(input: BackfillInput, checked: number): Promise<boolean> {
    if (!(await settings.get(input.shopId)).shopifyEnabled) return false;
    return noteBackfill(deps.tenant(input.shopId, input.shopDomain), input.run, checked);
  }

  return {
    /** The page after `afterId`; `before`: reviews the run had brought in line until then. */
    async syndicationBackfillPage(input: BackfillInput, at: { afterId: number; before: number }): Promise<BackfillPage> {
      const texts = deps.capabilities.get(ReviewTexts);
      const { afterId, before } = at;
      if (!texts || !(await current(input, before))) return { current: false, checked: 0, spent: 0 };
      const tenant = deps.tenant(input.shopId, input.shopDomain);
      const page = await texts.published(tenant, afterId, BACKFILL_PAGE);
      const api = deps.platform?.adminApi(input.shopDomain);
      for (const r of page) await syncReview(deps, tenant, input.shopDomain, r.id, { api });
      // progress for the screen
      await noteBackfill(tenant, input.run, before + page.length);
      return {
        current: true,
        checked: page.length,
        lastId: page.length < BACKFILL_PAGE ? undefined : page[page.length - 1].id,
        spent: api?.spent ?? 0,
        throttle: api?.throttle,
      };
    },

    async syndicationBackfillFinish(input: BackfillInput, checked: number): Promise<void> {
      const tenant = deps.tenant(input.shopId, input.shopDomain);
      await sweepGone(deps, tenant, input.shopDomain);
      await noteBackfill(tenant, input.run, checked, true);
      await noteSync(tenant);
    },
  };
}
