// The ratings of grouped products (ProductGroups): a product that shares its reviews with a group
// shows the group's count, average and star distribution, summed from each product's own summary.
import type { Tenant } from '@plaudit/kernel';
import type { ProductGroupsApi, SharedReviews } from '@plaudit/contracts/product-groups';
import type { RatingSummary, ReviewFeedApi } from '@plaudit/contracts/reviews';
import type { Summary } from '../shared/widget-types';
import { toSummary } from './shopper-view';

/** One summary of several products' (the average weighted by their counts). */
export function combinedSummary(parts: (RatingSummary | undefined)[]): Summary {
  const out: Summary = { count: 0, average: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, mediaCount: 0 };
  let total = 0;
  for (const p of parts) {
    if (!p) continue;
    out.count += p.count;
    total += p.average * p.count;
    out.mediaCount += p.mediaCount ?? 0;
    for (const s of [1, 2, 3, 4, 5] as const) out.stars[s] += p.stars[s] ?? 0;
  }
  out.average = out.count ? total / out.count : 0;
  return out;
}

export interface GroupedSummaries {
  /** per asked product: its group's summary when it shares reviews, else its own */
  shown: Record<string, Summary>;
  /** per asked product: its own summary */
  own: Record<string, Summary>;
  /** per asked product in a sharing group: that group */
  groups: Record<string, SharedReviews>;
}

export async function groupedSummaries(
  feed: ReviewFeedApi,
  groups: ProductGroupsApi | undefined,
  tenant: Tenant,
  productIds: string[],
  options: { excludeCopies?: boolean } = {},
): Promise<GroupedSummaries> {
  const shared = groups && productIds.length ? await groups.sharedWith(tenant, productIds) : {};
  const membersOf = (id: string) => shared[id]?.productIds ?? [id];
  const found = await feed.summaries(tenant, [...new Set(productIds.flatMap(membersOf))], options);
  const shown: Record<string, Summary> = {};
  const own: Record<string, Summary> = {};
  for (const id of productIds) {
    own[id] = toSummary(found[id]);
    shown[id] = shared[id] ? combinedSummary(membersOf(id).map((m) => found[m])) : own[id];
  }
  return { shown, own, groups: shared };
}
