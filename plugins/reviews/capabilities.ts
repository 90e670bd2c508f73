// The capabilities the reviews plugin provides (plugin.ts `provides`), made from the kernel
// services of the process (API or worker). Their interfaces are the contract's
// (contracts/reviews.ts, contracts/catalog.ts): the compiler checks each maker against it.
import type { KernelServices } from '@plaudit/kernel';
import type { CatalogRatingsApi } from '@plaudit/contracts/catalog';
import type {
  NotificationSettings,
  ReviewAdminApi,
  ReviewAnalyticsApi,
  ReviewFactSheet,
  ReviewFactsApi,
  ReviewFeedApi,
  ReviewLabelsApi,
  ReviewPolicyApi,
  ReviewStatus,
  ReviewWriteApi,
} from '@plaudit/contracts/reviews';
import { Review } from './db/review.model';
import { feedQueries } from './db/feed';
import { productSummaries } from './db/summaries';
import { existingImportKeys, importedIdsByKey, insertImported } from './db/import';
import { reviewsAnalyticsSource } from './db/analytics';
import { cleanImage, PhotoRefused, storeImage } from './api/collect/media';
import { reviewSubmitter } from './api/collect/guest-submit';
import { adminReviews } from './api/public';
import { importRows, PhotoRefusedError } from './shared/import';
import { DAY_SECONDS, PURPOSE, type PhotoLink, type WriteLink } from './shared/links';
import { reviewSettingsOf } from './shared/settings';
import { MINE_LINK_DAYS } from './shared/author-changes';
import { publishedNotByShoppers } from './db/policy';
import { reviewLabelsApi } from './db/labels';

// a review's words and its detected language, for the translations plugin
export { reviewTexts } from './db/texts';
// the shop's reviews in keyset-paged batches for the imports plugin's export
export { reviewExport } from './api/export-batches';

/** `ReviewLabels`: other plugins' labels on reviews (topics, "needs a look"), shown and filtered in Manage reviews. */
export function reviewLabels({ knex }: KernelServices): ReviewLabelsApi {
  return reviewLabelsApi(knex);
}

export function reviewFeed(services: KernelServices): ReviewFeedApi {
  const settings = reviewSettingsOf(services.settings);
  return {
    ...feedQueries,
    // only what changes the storefront: the notification receivers are no shopper's business
    async storefrontSettings(tenant) {
      const { richSnippets, ugcDisplay } = await settings.get(tenant.shopId);
      return { richSnippets, ugcDisplay };
    },
  };
}

/** The shop's collection and moderation rules: its settings, and what the code here does whatever they say. */
export function reviewPolicy(services: KernelServices): ReviewPolicyApi {
  const settings = reviewSettingsOf(services.settings);
  return {
    async policy(tenant) {
      const [s, published] = await Promise.all([settings.get(tenant.shopId), publishedNotByShoppers(tenant)]);
      return {
        formEligibility: s.customerEligibility,
        autoPublish: s.autoPublish,
        // the hourly auto-publish takes every pending review, whatever held it (activities/index.ts)
        heldPublishedAfterDays: s.autoPublishHeldAfterDays,
        // api/collect/guest-submit.ts, db/author-edits.ts: the rule and the spam check never read the rating
        ratingIgnored: true,
        // api/collect/spam.ts
        spamHeld: true,
        // collect-routes.ts (request links), guest-submit.ts (signed-in purchase), the admin's verify
        // action; the table's check forbids a verified import
        verifiedBy: { requestLink: true, signedInPurchase: true, merchant: true, imported: false },
        selfServiceLinkDays: MINE_LINK_DAYS,
        importedPublished: published.imported,
        enteredByShop: published.admin,
      };
    },
  };
}

export function catalogRatings(): CatalogRatingsApi {
  return { productSummaries };
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

function factSheet(r: Review): ReviewFactSheet {
  return {
    reviewId: r.id,
    kind: r.kind,
    status: r.status as ReviewStatus,
    source: r.source,
    rating: r.rating,
    title: r.title ?? null,
    content: r.content,
    email: r.email ?? null,
    firstName: r.firstName ?? null,
    lastName: r.lastName ?? null,
    customerId: r.customerId ?? null,
    locale: r.locale ?? null,
    productId: r.productId ?? null,
    productTitle: r.productTitle ?? null,
    productHandle: r.productHandle ?? null,
    orderId: r.orderId ?? null,
    mediaCount: (r.media ?? []).length,
    verified: r.verified,
    incentivized: r.incentivized,
    replyContent: r.replyContent ?? null,
    repliedAt: iso(r.repliedAt),
    createdAt: iso(r.createdAt)!,
  };
}

/** `ReviewFacts`: one review as it is, for the integrations, the rewards and the photo reminder. */
export function reviewFacts(): ReviewFactsApi {
  return {
    async reviewFacts(tenant, reviewId) {
      const r = await tenant.query(Review).findById(reviewId);
      return r ? factSheet(r) : undefined;
    },
    async reviewCount(tenant, email) {
      const [{ count }] = await tenant
        .table('reviews')
        .whereRaw('lower(email) = ?', [email.trim().toLowerCase()])
        .whereNot('status', 'trash')
        .count({ count: '*' });
      return Number(count);
    },
    async markIncentivized(tenant, reviewId) {
      await tenant
        .query(Review)
        .findById(reviewId)
        .patch({ incentivized: true, updatedAt: new Date() } as never);
    },
  };
}

/** `ReviewWrite`: the write and photo links, a QR page's guest review, imports and their photos. */
export function reviewWrite(services: KernelServices): ReviewWriteApi {
  const { knex, config, links } = services;
  const submit = reviewSubmitter(services);
  return {
    writeUrl({ shopDomain, queueEntryId, orderId, productId, customerLocale, rating, expiresInDays }) {
      // a numeric order id, also when given as a gid
      const data: WriteLink = {
        queueEntryId,
        orderId: orderId.split('/').pop()!,
        ...(productId ? { productId } : {}),
        ...(customerLocale ? { locale: customerLocale } : {}),
        ...(rating ? { rating } : {}),
      };
      return `${config.appUrl}/r/write/${links.sign(PURPOSE.write, shopDomain, data, expiresInDays * DAY_SECONDS)}`;
    },
    photoUrl({ shopDomain, reviewId, expiresInDays }) {
      return `${config.appUrl}/r/photo/${links.sign<PhotoLink>(PURPOSE.photo, shopDomain, { reviewId }, expiresInDays * DAY_SECONDS)}`;
    },
    // its one caller is the QR card's page (plugins/qr-codes): its reviews count as 'qr'
    submitGuest: (ctx, { shopDomain, ip, productId, received }) => submit(ctx, shopDomain, null, ip, { productId, received, via: 'qr' }),
    async importReviews(tenant, rows) {
      const valid = importRows.parse(rows);
      const ids = await knex.transaction((trx) => insertImported(trx, tenant, valid));
      return { ids, duplicates: valid.length - ids.length };
    },
    existingKeys: (tenant, keys) => existingImportKeys(tenant, keys),
    importedIds: (tenant, keys) => importedIdsByKey(tenant, keys),
    async storePhoto(bytes) {
      const image = await cleanImage(bytes).catch((err: Error) => {
        throw new PhotoRefusedError(err instanceof PhotoRefused ? err.message : 'The photo could not be read');
      });
      const { url, variants } = storeImage(config.dataDir, image);
      return { url, type: 'image', ...(variants ? { variants } : {}) };
    },
  };
}

const NOTIFICATION_FIELDS = [
  'enabledEmailNewReview',
  'enabledEmailNegativeReview',
  'receiverNewReview',
  'receiverNegativeReview',
  'negativeThreshold',
] as const;

function pickNotifications(s: NotificationSettings): NotificationSettings {
  return Object.fromEntries(NOTIFICATION_FIELDS.map((k) => [k, s[k]])) as unknown as NotificationSettings;
}

/** `ReviewAdmin`: the admin's review operations (api/public.ts) and the shop's notification settings. */
export function reviewAdmin(services: KernelServices): ReviewAdminApi {
  const ns = reviewSettingsOf(services.settings);
  return {
    ...adminReviews(services),
    notificationSettings: async (shopId) => pickNotifications(await ns.get(shopId)),
    updateNotificationSettings: async (shopId, patch) => pickNotifications(await ns.update(shopId, pickNotifications({ ...(await ns.get(shopId)), ...patch }))),
  };
}

/** `ReviewAnalytics`: the reviews' facts per local day for the analytics plugin's rollups. */
export function reviewAnalytics({ knex }: KernelServices): ReviewAnalyticsApi {
  return reviewsAnalyticsSource(knex);
}
