// The review operations of `ReviewAdmin` (contracts/reviews.ts; capabilities.ts adds the
// notification settings): the public API's and Shopify Flow's reviews, through the admin's own paths:
// the moderation list and its cursor, the create form (or the import path for imported sources), the
// publish/unpublish and delete actions (runAction: same recounts), the reply and its email.
import createHttpError from 'http-errors';
import { z } from 'zod';
import { requiredTier, type KernelServices, type Tenant } from '@plaudit/kernel';
import { present, Review } from '../db/review.model';
import { insertImported } from '../db/import';
import { importRow } from '../shared/import';
import type { ApiReview, ApiReviewCreate, ReviewAdminApi, ReviewStatus } from '@plaudit/contracts/reviews';
import { listQuery, replyInput, reviewCreate, type ListQuery } from '../shared/review';
import { runAction } from './actions';
import { listReviews } from './list';
import { saveReply } from './reply-email';
import { createAdminReview, removeReply } from './review-writes';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function toApiReview(r: Review): ApiReview {
  const p = present(r) as unknown as Review;
  return {
    id: p.id,
    kind: p.kind,
    productId: p.productId ?? null,
    productTitle: p.productTitle ?? null,
    productHandle: p.productHandle ?? null,
    rating: p.rating,
    title: p.title ?? null,
    content: p.content,
    firstName: p.firstName ?? null,
    lastName: p.lastName ?? null,
    email: p.email ?? null,
    locale: p.locale ?? null,
    country: p.country ?? null,
    orderId: p.orderId ?? null,
    variants: p.variants ?? [],
    media: (p.media ?? []).map((m) => ({ url: m.url, type: m.type, ...(m.variants ? { variants: m.variants } : {}) })),
    source: p.source,
    status: p.status as ReviewStatus,
    imported: p.imported,
    verified: p.verified,
    featured: p.featured,
    pinned: p.pinned,
    incentivized: p.incentivized,
    reply: p.replyContent ? { content: p.replyContent, repliedAt: iso(p.repliedAt)! } : null,
    createdAt: iso(p.createdAt)!,
    updatedAt: iso(p.updatedAt)!,
    publishedAt: iso(p.publishedAt),
  };
}

/** A refusal in the words of a validation error, so it answers 400 with the field named. */
function fieldError(field: string, message: string): z.ZodError {
  return new z.ZodError([{ code: 'custom', path: [field], message, input: undefined }]);
}

const IMPORT_ONLY = ['reply', 'incentivized'] as const;

/** The admin's review operations; the notification settings are capabilities.ts'. */
export function adminReviews(services: KernelServices): Omit<ReviewAdminApi, 'notificationSettings' | 'updateNotificationSettings'> {
  const { knex, shops, events } = services;
  const allowed = async (tenant: Tenant, feature: string) => {
    const shop = await shops.get(tenant.shopId);
    return !!shop && shops.allows(shop, feature);
  };
  const find = (tenant: Tenant, id: number) => tenant.query(Review).findById(id);
  const fresh = async (tenant: Tenant, id: number) => {
    const row = await find(tenant, id);
    return row && toApiReview(row);
  };

  return {
    async list(tenant, q) {
      const tab: ListQuery['tab'] = q.status === 'published' ? 'published' : q.status === 'trash' ? 'trash' : 'all';
      const base = listQuery.parse({ tab, sort: q.sort, limit: q.limit });
      const query: ListQuery = {
        ...base,
        rating: q.rating,
        productId: q.productId,
        source: q.source as ListQuery['source'],
        kind: q.kind,
        from: q.since,
        hasMedia: q.hasMedia,
        verified: q.verified,
        after: q.after,
      };
      const { rows, pageInfo } = await listReviews(tenant, query, (qb) => {
        if (q.status === 'unpublished' || q.status === 'pending') qb.where('reviews.status', q.status);
        if (q.updatedSince) qb.where('reviews.updatedAt', '>=', q.updatedSince);
      });
      return { items: rows.map(toApiReview), nextCursor: pageInfo.nextCursor };
    },

    get: fresh,

    async create(tenant, input: ApiReviewCreate) {
      const { source = 'admin', verified, ...rest } = input;
      if (source === 'admin') {
        const importOnly = IMPORT_ONLY.find((k) => rest[k] !== undefined && rest[k] !== null);
        if (importOnly) throw fieldError(importOnly, 'Only imported reviews carry this field');
        const { reply: _r, incentivized: _i, ...fields } = rest;
        // read back whole: the insert answers only the columns it wrote
        const row = await createAdminReview(services, tenant, reviewCreate.parse(fields), { verified });
        return (await fresh(tenant, row.id))!;
      }
      // imported reviews are never a verified buyer's (SHOPIFY.md, Policy)
      if (verified) throw fieldError('verified', 'Imported reviews cannot be verified');
      const row = importRow.parse({ ...rest, source });
      const [id] = await knex.transaction((trx) => insertImported(trx, tenant, [row]));
      return (await fresh(tenant, id))!;
    },

    async setStatus(tenant, id, status) {
      const review = await find(tenant, id);
      if (!review) return undefined;
      if (review.status === 'trash') throw createHttpError(409, 'The review is in the recycle bin', { code: 'REVIEW_IN_TRASH' });
      await runAction(knex, tenant, status === 'published' ? 'publish' : 'unpublish', [id], { recycleBin: await allowed(tenant, 'recycleBin'), events });
      return fresh(tenant, id);
    },

    async reply(tenant, id, content) {
      if (!(await allowed(tenant, 'reply'))) {
        const tier = requiredTier('reply');
        throw createHttpError(403, `This feature needs the ${tier} tier`, { code: 'PLAN_TIER_TOO_LOW', tier, feature: 'reply' });
      }
      const review = await find(tenant, id);
      if (!review) return undefined;
      const row = content === null ? await removeReply(services, tenant, id) : await saveReply(services, tenant, id, replyInput.parse({ content }).content);
      return toApiReview(row);
    },

    async remove(tenant, id) {
      const review = await find(tenant, id);
      if (!review) return undefined;
      const result = await runAction(knex, tenant, 'delete', [id], { recycleBin: await allowed(tenant, 'recycleBin'), events });
      return { purged: result.purged > 0 };
    },
  };
}
