// One review brought in line with Google's Merchant API: inserted (or replaced: the same
// productReviewId) while shoppers see it and Google can match its product, deleted otherwise.
// Idempotent, so an event delivered twice or a re-sync over reviews already there changes nothing.
import type { ActivityDeps, Tenant } from '@plaudit/kernel';
import { ReviewFeed } from '@plaudit/contracts/reviews';
import { GoogleProductIds, type ProductIdentifiers } from '@plaudit/contracts/widgets';
import { googleItemOf, googleSyncedIds, noteGoogleSync, recordGoogleItem } from '../db/google-state';
import { type GoogleMerchant, GoogleRefused, googleMerchant } from '../shared/google-client';
import { GOOGLE_APP, type GoogleCredentials } from '../shared/google-credentials';
import { googleIneligibility, googleProductReview } from '../shared/google-review';
import { gather } from './shopify';

/** The shop's Google client, or undefined when the push is not connected. */
export async function googleClientFor(deps: ActivityDeps, shopId: number): Promise<GoogleMerchant | undefined> {
  const credentials = await deps.integrations.credentials<GoogleCredentials>(shopId, GOOGLE_APP);
  return credentials ? googleMerchant(deps.config, credentials) : undefined;
}

/** The identifiers of these products (the widgets plugin's cache); empty without it. */
export async function identifiersOf(deps: ActivityDeps, tenant: Tenant, productIds: (string | null | undefined)[]) {
  const wanted = [...new Set(productIds.filter((p): p is string => !!p))];
  const provider = deps.capabilities.get(GoogleProductIds);
  if (!provider || !wanted.length) return {} as Record<string, ProductIdentifiers>;
  return provider.productIds(tenant, wanted);
}

async function remove(google: GoogleMerchant, tenant: Tenant, reviewId: number, reason: string) {
  const item = await googleItemOf(tenant, reviewId);
  if (item?.state === 'synced' && item.name) await google.remove(item.name);
  // a review never sent and never shown (pending, a store review) leaves no row
  if (item || reason !== 'not_shown') await recordGoogleItem(tenant, reviewId, 'removed', { reason });
  await noteGoogleSync(tenant);
}

/**
 * Brings one review in line on Google. A refusal Google would repeat (a 4xx but 429) is recorded and
 * shown on the screen; a quota still spent after the client's waits, a 5xx or a network failure throws,
 * and the event's delivery (or the re-sync's activity) retries it. `known`: identifiers already read.
 */
export async function syncGoogleReview(
  deps: ActivityDeps,
  tenant: Tenant,
  reviewId: number,
  google: GoogleMerchant,
  known?: Record<string, ProductIdentifiers>,
): Promise<void> {
  const review = await gather(deps, tenant, reviewId);
  if (!review) return;
  const productId = review.shown?.productId;
  const ids = productId ? (known ?? (await identifiersOf(deps, tenant, [productId])))[productId] : undefined;
  try {
    const why = googleIneligibility(review, ids);
    if (why) return await remove(google, tenant, reviewId, why);
    const name = await google.insert(googleProductReview(review, ids!, { appUrl: deps.config.appUrl, shopDomain: tenant.shopDomain }));
    await recordGoogleItem(tenant, reviewId, 'synced', { name });
    await noteGoogleSync(tenant);
  } catch (err) {
    if (!(err instanceof GoogleRefused)) throw err;
    await recordGoogleItem(tenant, reviewId, 'failed', { reason: err.message });
    await noteGoogleSync(tenant, err.message);
  }
}

/** A re-sync's last step: reviews Google still holds that shoppers no longer see are deleted there. */
export async function sweepGoogle(deps: ActivityDeps, tenant: Tenant, google: GoogleMerchant) {
  const feed = deps.capabilities.get(ReviewFeed);
  if (!feed) return;
  const ids = await googleSyncedIds(tenant);
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    const shown = new Set((await feed.reviews(tenant, { ids: chunk, excludeDemo: true, excludeCopies: true, limit: chunk.length })).items.map((r) => r.id));
    for (const id of chunk.filter((x) => !shown.has(x))) await syncGoogleReview(deps, tenant, id, google);
  }
}
