// The capabilities the reviews plugin provides (plugin.ts `provides`), made from the kernel
// services of the process (API or worker). Interfaces: shared/feed.ts, shared/import.ts,
// shared/public.ts (`reviews.public`, made in api/public.ts).
import type { KernelServices } from '@plaudit/kernel';
import { Review } from './db/review.model';
import { feedQueries } from './db/feed';
import { productSummaries } from './db/summaries';
import { insertImported } from './db/import';
import { importRows, type ReviewImport } from './shared/import';
import type { CatalogRatings, GuestReviews, NotificationSettings, ReviewCollect, ReviewFeed, ReviewNotifications, ReviewRewards } from './shared/feed';
import { reviewSubmitter } from './api/collect/guest-submit';
import { DAY_SECONDS, PURPOSE, type PhotoLink, type WriteLink } from './shared/links';
import { reviewSettingsOf } from './shared/settings';

export { reviewsPublic } from './api/public';

export function reviewsFeed(services: KernelServices): ReviewFeed {
  const settings = reviewSettingsOf(services.settings);
  return { ...feedQueries, storefrontSettings: (tenant) => settings.get(tenant.shopId) };
}

export function catalogRatings(): CatalogRatings {
  return { productSummaries };
}

export function reviewsCollect({ links, config }: KernelServices): ReviewCollect {
  return {
    writeUrl({ shopDomain, queueEntryId, orderId, productId, customerLocale, expiresInDays }) {
      // a numeric order id, also when given as a gid
      const data: WriteLink = { queueEntryId, orderId: orderId.split('/').pop()!, ...(productId ? { productId } : {}), ...(customerLocale ? { locale: customerLocale } : {}) };
      return `${config.appUrl}/r/write/${links.sign(PURPOSE.write, shopDomain, data, expiresInDays * DAY_SECONDS)}`;
    },
    photoUrl({ shopDomain, reviewId, expiresInDays }) {
      return `${config.appUrl}/r/photo/${links.sign<PhotoLink>(PURPOSE.photo, shopDomain, { reviewId }, expiresInDays * DAY_SECONDS)}`;
    },
    async reviewForReminder(tenant, reviewId) {
      const r = await tenant.query(Review).findById(reviewId).select('rating', 'mediaCount', 'status', 'productTitle', 'content');
      return r && { rating: r.rating, mediaCount: r.mediaCount ?? 0, status: r.status, productTitle: r.productTitle ?? null, content: r.content };
    },
  };
}

export function reviewsGuest(services: KernelServices): GuestReviews {
  const submit = reviewSubmitter(services);
  return { submit: (ctx, { shopDomain, ip, productId, received }) => submit(ctx, shopDomain, null, ip, { productId, received }) };
}

export function reviewsRewards(): ReviewRewards {
  return {
    async rewardFacts(tenant, reviewId) {
      const r = await tenant.query(Review).findById(reviewId);
      if (!r) return undefined;
      return {
        status: r.status, source: r.source, kind: r.kind as 'product' | 'store', contentLength: r.content.trim().length, mediaCount: (r.media ?? []).length,
        email: r.email ?? null, customerId: r.customerId ?? null, verified: r.verified, firstName: r.firstName ?? null, lastName: r.lastName ?? null,
        productTitle: r.productTitle ?? null, locale: r.locale ?? null,
      };
    },
    async markIncentivized(tenant, reviewId) {
      await tenant.query(Review).findById(reviewId).patch({ incentivized: true, updatedAt: new Date() } as never);
    },
  };
}

export function reviewsImport({ knex }: KernelServices): ReviewImport {
  return {
    async importReviews(tenant, rows) {
      const valid = importRows.parse(rows);
      return { ids: await knex.transaction((trx) => insertImported(trx, tenant, valid)) };
    },
  };
}

const NOTIFICATION_FIELDS = ['enabledEmailNewReview', 'enabledEmailNegativeReview', 'receiverNewReview', 'receiverNegativeReview', 'negativeThreshold'] as const;

function pickNotifications(s: NotificationSettings): NotificationSettings {
  return Object.fromEntries(NOTIFICATION_FIELDS.map((k) => [k, s[k]])) as unknown as NotificationSettings;
}

export function reviewsNotifications({ settings }: KernelServices): ReviewNotifications {
  const ns = reviewSettingsOf(settings);
  return {
    get: async (shopId) => pickNotifications(await ns.get(shopId)),
    update: async (shopId, patch) => pickNotifications(await ns.update(shopId, pickNotifications({ ...(await ns.get(shopId)), ...patch }))),
  };
}
