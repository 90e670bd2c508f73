// The storeLinkSync workflow's activities (each idempotent: see copy.ts) and the durable listeners
// that tell a shop's links which of its reviews changed.
import { type ActivityDeps, eventHandlers, handleEvent, isDemoShop } from '@plaudit/kernel';
import { ReviewCreated, ReviewDeleted, ReviewFeed, ReviewPublished, ReviewUpdated, type ReviewsChangedPayload } from '@plaudit/contracts/reviews';
import { copiesOfLink, forgetCopy } from '../db/copies';
import { deleteLink, linkOf, stillLinked } from '../db/links';
import { type LinkSide, linkWorkflowId, type StoreLinkInput } from '../shared/link';
import { StoreLinkSync } from '../shared/workflows';
import { reviewsChangedSignal } from '../workflows/messages';
import { copyReviews, type Direction, removeCopiesOf, removeReview } from './copy';

/** origin reviews per page of the full pass */
const PAGE = 50;
/** copies removed per activity when unlinking */
const REMOVE_PAGE = 100;

const feedReviews = (deps: ActivityDeps) => deps.capabilities.require(ReviewFeed);
const tenantOf = (deps: ActivityDeps, s: LinkSide) => deps.tenant(s.shopId, s.shopDomain);
/** The emulator's two demo stores share their sample reviews (a real store's samples stay its own). */
const demoStores = (d: Direction) => isDemoShop(d.from.shopDomain) && isDemoShop(d.to.shopDomain);

export function createActivities(deps: ActivityDeps) {
  return {
    /** One page of the origin's published product reviews copied; the next page's cursor, null at the end (or once unlinked). */
    async storeLinksCopyPage(d: Direction & { after: string | null }): Promise<string | null> {
      if (!(await stillLinked(tenantOf(deps, d.from), d.linkKey))) return null;
      const page = await feedReviews(deps).reviews(tenantOf(deps, d.from), {
        kind: 'product',
        excludeDemo: !demoStores(d),
        excludeCopies: true,
        sort: 'newest',
        limit: PAGE,
        after: d.after,
      });
      await copyReviews(deps, d, page.items);
      return page.nextCursor;
    },

    /** These origin reviews changed: copied when shown, their copies removed when not. */
    async storeLinksSyncReviews(d: Direction & { reviewIds: number[] }): Promise<void> {
      if (!(await stillLinked(tenantOf(deps, d.from), d.linkKey))) return;
      for (let i = 0; i < d.reviewIds.length; i += PAGE) {
        const ids = d.reviewIds.slice(i, i + PAGE);
        const page = await feedReviews(deps).reviews(tenantOf(deps, d.from), {
          ids,
          kind: 'product',
          excludeDemo: !demoStores(d),
          excludeCopies: true,
          limit: ids.length,
        });
        await copyReviews(deps, d, page.items);
        const shown = new Set(page.items.map((r) => r.id));
        await removeCopiesOf(
          deps,
          d,
          ids.filter((id) => !shown.has(id)),
        );
      }
    },

    /** A page of the link's copies removed on both sides; answers whether any were left to remove. */
    async storeLinksRemoveCopies({ linkKey, sides }: StoreLinkInput): Promise<boolean> {
      let removed = 0;
      for (const side of sides) {
        const tenant = tenantOf(deps, side);
        for (const copy of await copiesOfLink(tenant, linkKey, REMOVE_PAGE)) {
          await removeReview(deps, tenant, copy.reviewId);
          await forgetCopy(tenant, copy.originShopId, copy.originReviewId);
          removed++;
        }
      }
      return removed > 0;
    },

    /** The link's rows, once its copies are gone. */
    async storeLinksForget({ linkKey, sides }: StoreLinkInput): Promise<void> {
      for (const side of sides) await deleteLink(tenantOf(deps, side), linkKey);
    },
  };
}

/** Tells each standing link of the shop that these reviews changed (starting its workflow again if it ended). */
async function tellLinks(deps: ActivityDeps, shopId: number, shopDomain: string, reviewIds: number[]) {
  if (!reviewIds.length) return;
  for (const link of await linkOf(deps.tenant(shopId, shopDomain), { state: 'linked' })) {
    const input: StoreLinkInput = link;
    await deps.temporal.signalWithStart(StoreLinkSync, {
      workflowId: linkWorkflowId(link.linkKey),
      taskQueue: deps.config.temporal.taskQueue,
      args: [input],
      signal: reviewsChangedSignal,
      signalArgs: [shopId, reviewIds],
      staticSummary: `Reviews shared between ${link.sides[0].shopDomain} and ${link.sides[1].shopDomain}`,
    });
  }
}

const changed = (deps: ActivityDeps) => (p: ReviewsChangedPayload) =>
  tellLinks(
    deps,
    p.shopId,
    p.shopDomain,
    p.reviews.map((r) => r.reviewId),
  );

export function createEventHandlers(deps: ActivityDeps) {
  return eventHandlers(
    handleEvent(ReviewCreated, (p) => tellLinks(deps, p.shopId, p.shopDomain, p.productId ? [p.reviewId] : [])),
    handleEvent(ReviewPublished, changed(deps)),
    handleEvent(ReviewUpdated, changed(deps)),
    handleEvent(ReviewDeleted, changed(deps)),
  );
}
