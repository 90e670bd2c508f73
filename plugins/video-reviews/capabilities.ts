// ReviewVideos (contracts/video-reviews.ts), for the reviews plugin's review page and the widgets'
// form: the video field (with its upload ticket and script), the check of the upload a form names, and
// its binding to the review just saved, in the review's own transaction with the start of its
// transcode (through the outbox: never lost).
import type { Knex } from 'knex';
import type { KernelServices, ShopView, Tenant } from '@plaudit/kernel';
import { attachUpload, findUpload } from './db/uploads';
import type { KeptVideo, ReviewVideosApi, StorefrontVideo } from '@plaudit/contracts/video-reviews';
import { storefrontVideo, videoField } from './shared/field';
import { MAX_CAPTION, type Refusal } from './shared/limits';
import { TICKET, TICKET_SECONDS, type Ticket } from './shared/ticket';
import { TranscodeReviewVideo } from './shared/workflows';
import { transcodeWorkflowId, type VideoJob } from './workflows/messages';

export function videoUploads(services: KernelServices): ReviewVideosApi {
  const { config, links, i18n, shops, outbox } = services;
  const t = (lang: string) => i18n.forLanguage(i18n.language(lang));

  return {
    /** The page's video field, or undefined when the shop's plan has no video reviews; `kept`: a video uploaded already. */
    async formSection(shop: ShopView, lang: string, kept?: KeptVideo): Promise<string | undefined> {
      if (!shops.allows(shop, 'videoReviews')) return undefined;
      const ticket = links.sign<Ticket>(TICKET, shop.domain, { lang }, TICKET_SECONDS);
      return videoField(config.appUrl, ticket, t(lang), kept);
    },

    /** The storefront form's video field (widgets), or null when the shop's plan has no video reviews. */
    async storefront(tenant: Tenant): Promise<StorefrontVideo | null> {
      const shop = await shops.get(tenant.shopId);
      return shop && shops.allows(shop, 'videoReviews') ? storefrontVideo(config.appUrl) : null;
    },

    /** Why the form's upload cannot go with a review, in the customer's words; undefined when it can. */
    async check(tenant: Tenant, uploadId: string, caption: string, lang: string): Promise<string | undefined> {
      const say = (key: Refusal | 'not_uploaded' | 'caption') => t(lang)(`video-reviews:public.refused.${key}`, { count: MAX_CAPTION });
      if (caption.length > MAX_CAPTION) return say('caption');
      const row = /^[0-9a-f]{32}$/.test(uploadId) ? await findUpload(tenant, uploadId) : undefined;
      if (!row) return say('expired');
      if (row.status === 'refused') return say(row.refusal ?? 'unreadable');
      if (row.status === 'uploading') return say('not_uploaded');
      if (row.status !== 'accepted') return say('used');
      return undefined;
    },

    /** Binds the upload to the new review and starts its transcode; false when it was taken meanwhile. */
    async attach(trx: Knex.Transaction, tenant: Tenant, reviewId: number, uploadId: string, caption: string): Promise<boolean> {
      if (!(await attachUpload(trx, tenant, uploadId, reviewId, caption.trim() || null))) return false;
      const job: VideoJob = { shopId: tenant.shopId, shopDomain: tenant.shopDomain, uploadId };
      await outbox.start(
        TranscodeReviewVideo,
        { workflowId: transcodeWorkflowId(job), args: [job], shopDomain: tenant.shopDomain, summary: `Video of review ${reviewId} for ${tenant.shopDomain}` },
        trx,
      );
      return true;
    },
  };
}
