// The capabilities the reviews plugin provides (plugin.ts `provides`), made from the kernel
// services of the process (API or worker). Interfaces: shared/feed.ts, shared/import.ts,
// shared/public.ts (`reviews.public`, made in api/public.ts).
import type { KernelServices } from '@plaudit/kernel';
import { Review } from './db/review.model';
import { reviewMedia } from './db/media';
import { feedQueries } from './db/feed';
import { productSummaries } from './db/summaries';
import { existingImportKeys, insertImported } from './db/import';
import { reviewsAnalyticsSource } from './db/analytics';
import { cleanImage, PhotoRefused, storeImage } from './api/collect/media';
import { importRows, PhotoRefusedError, type ImportedPhoto, type ReviewImport } from './shared/import';
import type { ReviewFactsProvider } from './shared/facts-provider';
import type { ReviewsAnalytics } from './shared/analytics';
import type { CatalogRatings, GuestReviews, NotificationSettings, ReviewCollect, ReviewFeed, ReviewNotifications, ReviewRewards } from './shared/feed';
import { reviewSubmitter } from './api/collect/guest-submit';
import { DAY_SECONDS, PURPOSE, type PhotoLink, type WriteLink } from './shared/links';
import { reviewSettingsOf } from './shared/settings';

export { reviewsPublic } from './api/public';
// a transcoded video joins its review (plugins/video-reviews; db/media.ts)
export const reviewsMedia = ({ knex, events }: KernelServices) => reviewMedia(knex, events);
// a review's words and its detected language, for the translations plugin (shared/texts.ts)
export { reviewTexts as reviewsTexts } from './db/texts';
// the shop's reviews in keyset-paged batches for the imports plugin's export (shared/export.ts)
export { reviewsExport } from './api/export-batches';

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
  // the capability's one caller is the QR card's page (plugins/qr-codes): its reviews count as 'qr'
  return { submit: (ctx, { shopDomain, ip, productId, received }) => submit(ctx, shopDomain, null, ip, { productId, received, via: 'qr' }) };
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

/** `reviews.analytics`: the reviews' facts per local day for the analytics plugin's rollups (shared/analytics.ts). */
export function reviewsAnalytics({ knex }: KernelServices): ReviewsAnalytics {
  return reviewsAnalyticsSource(knex);
}

/** `reviews.facts`: one review as the integrations hand it to other apps (no internal columns). */
export function reviewsFacts(): ReviewFactsProvider {
  return {
    async reviewFacts(tenant, reviewId) {
      const r = await tenant.query(Review).findById(reviewId);
      if (!r) return undefined;
      return {
        reviewId: r.id, kind: r.kind as 'product' | 'store', status: r.status, source: r.source, rating: r.rating, title: r.title ?? null, content: r.content,
        email: r.email ?? null, firstName: r.firstName ?? null, lastName: r.lastName ?? null, customerId: r.customerId ?? null, locale: r.locale ?? null,
        productId: r.productId ?? null, productTitle: r.productTitle ?? null, productHandle: r.productHandle ?? null, orderId: r.orderId ?? null,
        mediaCount: (r.media ?? []).length, verified: r.verified, replyContent: r.replyContent ?? null,
        repliedAt: r.repliedAt ? new Date(r.repliedAt).toISOString() : null, createdAt: new Date(r.createdAt as unknown as string).toISOString(),
      };
    },
    async reviewCount(tenant, email) {
      const [{ count }] = await tenant.table('reviews').whereRaw('lower(email) = ?', [email.trim().toLowerCase()]).whereNot('status', 'trash').count({ count: '*' });
      return Number(count);
    },
  };
}

export function reviewsImport({ knex, config }: KernelServices): ReviewImport {
  return {
    async importReviews(tenant, rows) {
      const valid = importRows.parse(rows);
      const ids = await knex.transaction((trx) => insertImported(trx, tenant, valid));
      return { ids, duplicates: valid.length - ids.length };
    },
    existingKeys: (tenant, keys) => existingImportKeys(tenant, keys),
    async storePhoto(bytes) {
      const image = await cleanImage(bytes).catch((err: Error) => {
        throw new PhotoRefusedError(err instanceof PhotoRefused ? err.message : 'The photo could not be read');
      });
      return storeImage(config.dataDir, image) as ImportedPhoto;
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
