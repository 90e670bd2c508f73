// The one vendor step: the review's facts decide whether it earns (a shopper's own review with an
// email; never its rating), Smile's customer is found by that email, and the activity is created
// with the review's distinct_id, so a retried call never earns twice. Smile's answers become
// Temporal's retries through assertVendorOk (429/5xx after Retry-After, 401/403 revoked).
import { assertVendorOk, RateLimit, vendorRateLimited, type ActivityDeps } from '@plaudit/kernel';
import { smileClient } from '../shared/client';
import { ReviewFacts } from '@plaudit/contracts/reviews';
import { APP, LABEL, SHOPPER_SOURCES, smileDistinctId, type SmileCredentials, type SmileInput, type SmileOutcome } from '../shared/smile';

/** Smile allows 10 requests a second per key; we keep under it (one key per shop). */
const BUDGET = { points: 8, perSeconds: 1 };

export function awardActivity(deps: ActivityDeps) {
  const limit = new RateLimit(deps.knex, 'integration-smile', BUDGET);
  async function budget(shopId: number) {
    const wait = await limit.hit(String(shopId));
    if (wait > 0) throw vendorRateLimited(LABEL, wait);
  }

  return async function smileAward(input: SmileInput): Promise<SmileOutcome> {
    const credentials = await deps.integrations.credentials<SmileCredentials>(input.shopId, APP);
    if (!credentials) return 'not_connected';
    const facts = deps.capabilities.get(ReviewFacts);
    if (!facts) return 'no_reviews';
    const review = await facts.reviewFacts(deps.tenant(input.shopId, input.shopDomain), input.reviewId);
    if (!review || review.status === 'trash') return 'review_gone';
    // FTC 16 CFR 465.4: the rating is never read; only whose review it is
    if (!SHOPPER_SOURCES.includes(review.source)) return 'not_shoppers_own';
    if (!review.email) return 'no_email';

    const smile = smileClient(deps, credentials);
    await budget(input.shopId);
    const found = await smile.customersByEmail(review.email);
    await assertVendorOk(found, LABEL);
    const customer = ((await found.json()) as { customers?: { id: number }[] }).customers?.[0];
    if (!customer) return 'not_a_smile_customer';

    await budget(input.shopId);
    const created = await smile.createActivity({ customer_id: customer.id, token: credentials.activityToken, distinct_id: smileDistinctId(input.reviewId) });
    await assertVendorOk(created, LABEL);
    deps.log.info({ shop: input.shopDomain, reviewId: input.reviewId, status: created.status }, 'Smile.io activity for a review');
    // it earned points: the storefront discloses it like a review rewarded with a discount (16 CFR 465.5)
    await facts.markIncentivized(deps.tenant(input.shopId, input.shopDomain), input.reviewId);
    return 'awarded';
  };
}
