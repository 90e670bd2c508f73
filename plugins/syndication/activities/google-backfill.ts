// The Google re-sync's activities (workflows/google-backfill.ts): one page of published reviews
// brought in line through one client (one token, its quota waits counted), then the sweep of the
// reviews no longer shown and the run marked finished.
import type { ActivityDeps } from '@plaudit/kernel';
import { ReviewFeed, ReviewTexts } from '@plaudit/contracts/reviews';
import { noteGoogleBackfill, noteGoogleSync } from '../db/google-state';
import { GOOGLE_PAGE, type GoogleBackfillInput, type GoogleBackfillPage } from '../shared/google-backfill';
import { googleClientFor, identifiersOf, sweepGoogle, syncGoogleReview } from './google';

export function googleBackfillActivities(deps: ActivityDeps) {
  return {
    /** The page after `afterId`; `before`: reviews the run had brought in line until then. */
    async syndicationGooglePage(input: GoogleBackfillInput, at: { afterId: number; before: number }): Promise<GoogleBackfillPage> {
      const stopped = { current: false, checked: 0, waitedMs: 0 };
      const texts = deps.capabilities.get(ReviewTexts);
      const google = await googleClientFor(deps, input.shopId);
      const tenant = deps.tenant(input.shopId, input.shopDomain);
      if (!texts || !google || !(await noteGoogleBackfill(tenant, input.run, at.before))) return stopped;
      const page = await texts.published(tenant, at.afterId, GOOGLE_PAGE);
      // the page's products' identifiers in one read of the cache (at most one store query per 70)
      const ids = page.map((r) => r.id);
      const shown = ids.length
        ? (await deps.capabilities.get(ReviewFeed)?.reviews(tenant, { ids, excludeDemo: true, excludeCopies: true, limit: ids.length }))?.items
        : [];
      const known = await identifiersOf(
        deps,
        tenant,
        (shown ?? []).map((r) => r.productId),
      );
      for (const r of page) await syncGoogleReview(deps, tenant, r.id, google, known);
      await noteGoogleBackfill(tenant, input.run, at.before + page.length);
      return { current: true, checked: page.length, lastId: page.length < GOOGLE_PAGE ? undefined : page[page.length - 1].id, waitedMs: google.waitedMs };
    },

    async syndicationGoogleFinish(input: GoogleBackfillInput, checked: number): Promise<void> {
      const tenant = deps.tenant(input.shopId, input.shopDomain);
      const google = await googleClientFor(deps, input.shopId);
      if (!google) return;
      await sweepGoogle(deps, tenant, google);
      await noteGoogleBackfill(tenant, input.run, checked, true);
      await noteGoogleSync(tenant);
    },
  };
}
