// One page of the bulk translation (workflows/index.ts): the next published reviews after
// `afterId`, translated through the shop's provider (cached ones cost nothing). Reviews before the
// first failure count as done; the failure decides what the workflow does next.
import type { ActivityDeps } from '@plaudit/kernel';
import type { TranslationFailure } from '../providers';
import { providerOfShop } from '../review-text/provider-of-shop';
import { translateReviews } from '../review-text/translate-reviews';
import { ReviewTexts } from '@plaudit/contracts/reviews';
import type { BulkInput, BulkPage } from '../workflows/messages';

const PAGE = 20;
/** how long an outage is waited out before the same page is tried again */
const OUTAGE_WAIT_MS = 30_000;
const RATE_WAIT_MS = 10_000;

export async function bulkPage(deps: ActivityDeps, { shopId, shopDomain, target }: BulkInput, afterId: number): Promise<BulkPage> {
  const texts = deps.capabilities.get(ReviewTexts);
  const provider = await providerOfShop(deps, shopId);
  const none = { total: 0, seen: 0, translated: 0, unavailable: 0, lastId: afterId, more: false, pauseMs: 0 };
  if (!texts || !provider) return { ...none, stop: 'no-provider' };
  const tenant = deps.tenant(shopId, shopDomain);
  const [reviews, total] = await Promise.all([texts.published(tenant, afterId, PAGE), texts.countPublished(tenant)]);
  let failure: TranslationFailure | undefined;
  let calls = 0;
  const answers = await translateReviews(
    deps,
    tenant,
    reviews.map((r) => r.id),
    target,
    { onFailure: (f) => (failure = f), onCall: () => calls++ },
  );
  const firstBad = answers.findIndex((a) => a.status === 'degraded');
  const done = firstBad < 0 ? answers : answers.slice(0, firstBad);
  const page: BulkPage = {
    total,
    seen: done.length,
    translated: done.filter((a) => a.status === 'translated').length,
    unavailable: done.filter((a) => a.status === 'unavailable').length,
    lastId: done.length ? done[done.length - 1].reviewId : afterId,
    more: reviews.length === PAGE || firstBad >= 0,
    // each call costs 1/rate of a second (a translation is one call per review for most providers)
    pauseMs: Math.ceil((calls * 1000) / provider.limits.requestsPerSecond),
  };
  if (!failure) return page;
  const f = failure as TranslationFailure;
  if (f.kind === 'quota-exceeded' || f.kind === 'credentials') return { ...page, stop: f.kind };
  return { ...page, waitMs: f.retryAfterMs ?? (f.kind === 'rate-limited' ? RATE_WAIT_MS : OUTAGE_WAIT_MS) };
}
