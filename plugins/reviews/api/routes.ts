// /api/reviews: the moderation API. Every query goes through ctx.state.tenant; ids of another shop
// match nothing (404 for one review, a count of 0 for many).
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { z } from 'zod';
import { type ApiServices, type AppContext, type AppState, productIdSchema, requiredTier, requireFeature } from '@plaudit/kernel';
import { ACTIONS, bulkInput, listQuery, replyInput, reviewCreate, reviewEdit, type Action, type ListQuery } from '../shared/review';
import { runAction } from './actions';
import { assertEditable, requestEdit } from './edit-requests';
import { removeDemoReviews, seedDemo } from './demo';
import { saveReply } from './reply-email';
import { exportReviews } from './export';
import { countReviews, filtered, listReviews } from './list';
import { present, Review } from '../db/review.model';
import { REVIEW_FEED_CHANNEL } from '../db/feed';
import { recomputeSummaries, shopSummary } from '../db/summaries';
import { reviewSettingsOf } from '../shared/settings';
import { changedReview, emitReviewChanges } from '../db/change-events';
import { ReviewUpdated } from '@plaudit/contracts/reviews';
import { createAdminReview, removeReply } from './review-writes';
import { historyOfReview } from '../db/author-edits';
import { labelFacets, labelsOf } from '../db/labels';

const idParam = z.coerce.number().int().positive();

async function recycleBinOn({ shops }: ApiServices, ctx: AppContext): Promise<boolean> {
  const shop = await shops.get(ctx.state.auth.shopId);
  return !!shop && shops.allows(shop, 'recycleBin');
}

async function findReview(ctx: AppContext): Promise<Review> {
  const id = idParam.safeParse(ctx.params.id);
  const review = id.success ? await ctx.state.tenant.query(Review).findById(id.data) : undefined;
  if (!review) throw createHttpError(404, 'Review not found');
  return review;
}

/** The list's query; a product's reviews by its gid or its number alike (the reviews keep the gid). */
function parseListQuery(query: unknown): ListQuery {
  const q = listQuery.parse(query);
  if (q.productId) q.productId = z.object({ productId: z.array(productIdSchema) }).parse({ productId: q.productId }).productId;
  return q;
}

function parseAction(name: string): Action {
  if (!(ACTIONS as readonly string[]).includes(name)) throw createHttpError(404, 'Unknown action');
  return name as Action;
}

export function reviewRoutes(services: ApiServices) {
  const { knex, events } = services;
  const settings = reviewSettingsOf(services.settings);
  const recycleBin = (ctx: AppContext) => recycleBinOn(services, ctx);
  const router = new Router<AppState>({ prefix: '/reviews' });

  router.get('/', async (ctx) => {
    const q = parseListQuery(ctx.query);
    const [{ rows, pageInfo }, total] = await Promise.all([listReviews(ctx.state.tenant, q), countReviews(ctx.state.tenant, q)]);
    const labels = await labelsOf(
      ctx.state.tenant,
      rows.map((r) => r.id),
    );
    ctx.set('Access-Control-Expose-Headers', 'Content-Range');
    ctx.set('Content-Range', `reviews 0-${Math.max(rows.length - 1, 0)}/${total}`);
    ctx.body = { data: rows.map((r) => ({ ...present(r), labels: labels.get(r.id) ?? [] })), pageInfo, total };
  });

  // The label filters of the list (other plugins' labels, db/labels.ts): the groups on the reviews the
  // list's tab and filters select, with their counts; the label filters themselves are left out.
  router.get('/labels', async (ctx) => {
    const { label: _l, tone: _t, needsLook: _n, ...q } = parseListQuery(ctx.query);
    ctx.body = await labelFacets(knex, ctx.state.tenant, filtered(ctx.state.tenant, q));
  });

  router.get('/settings', async (ctx) => {
    // the general tab says when deletes skip the recycle bin (its retention applies only with it)
    const recycleBinAllowed = await recycleBin(ctx);
    ctx.body = {
      success: true,
      data: await settings.get(ctx.state.tenant.shopId),
      plan: { recycleBin: recycleBinAllowed, recycleBinTier: requiredTier('recycleBin') },
    };
  });
  router.put('/settings', async (ctx) => {
    const data = await settings.update(ctx.state.tenant.shopId, (ctx.request.body ?? {}) as object);
    // rich snippets and UGC display change what the storefront renders: readers drop their caches
    // tenancy: no rows read or written; the notification names the tenant's shop
    await knex.raw('SELECT pg_notify(?, ?)', [REVIEW_FEED_CHANNEL, String(ctx.state.tenant.shopId)]);
    ctx.body = { success: true, message: 'Saved successfully', data };
  });

  // What a delete does now (the admin's delete dialog says it): to the recycle bin for the
  // setting's days when the plan has one, for good otherwise.
  router.get('/recycle-bin', async (ctx) => {
    const enabled = await recycleBin(ctx);
    ctx.body = { success: true, data: { enabled, retentionDays: (await settings.get(ctx.state.tenant.shopId)).trashRetentionDays } };
  });

  router.get('/summary', async (ctx) => {
    ctx.body = { success: true, data: await shopSummary(ctx.state.tenant) };
  });

  router.get('/export', async (ctx) => {
    const { format } = z.object({ format: z.enum(['csv', 'xml']).default('csv') }).parse(ctx.query);
    ctx.body = await exportReviews(ctx.state.tenant, format);
    ctx.type = format === 'csv' ? 'text/csv; charset=utf-8' : 'application/xml; charset=utf-8';
    ctx.attachment(`reviews.${format}`);
  });

  router.post('/demo', async (ctx) => {
    const { count, seeded } = await seedDemo(services, ctx.state.tenant);
    // 200: the sample was already in place, and stays as it was
    ctx.status = seeded ? 201 : 200;
    ctx.body = { success: true, count, seeded };
  });
  router.delete('/demo', async (ctx) => {
    ctx.body = { success: true, count: await removeDemoReviews(services, ctx.state.tenant) };
  });

  router.post('/bulk/:action', async (ctx) => {
    const action = parseAction(ctx.params.action);
    const { ids } = bulkInput.parse(ctx.request.body ?? {});
    const result = await runAction(knex, ctx.state.tenant, action, ids, { recycleBin: await recycleBin(ctx), events });
    ctx.body = { success: true, ...result };
  });

  router.post('/', async (ctx) => {
    const input = reviewCreate.parse(ctx.request.body ?? {});
    if (input.productId) input.productId = z.object({ productId: productIdSchema }).parse(input).productId;
    const review = await createAdminReview(services, ctx.state.tenant, input);
    ctx.status = 201;
    ctx.body = present(review);
  });

  router.get('/:id', async (ctx) => {
    ctx.body = present(await findReview(ctx));
  });

  // what the reviewer changed themselves from "your reviews" (issue 33): who, when, from what to what;
  // a deleted review's history stays readable by its id (without the words)
  router.get('/:id/author-history', async (ctx) => {
    const id = idParam.safeParse(ctx.params.id);
    if (!id.success) throw createHttpError(404, 'Review not found');
    const data = await historyOfReview(ctx.state.tenant, id.data);
    if (!data.length && !(await ctx.state.tenant.query(Review).findById(id.data))) throw createHttpError(404, 'Review not found');
    ctx.body = { data };
  });

  router.put('/:id', async (ctx) => {
    const review = await findReview(ctx);
    assertEditable(review);
    const input = reviewEdit.partial().parse(ctx.request.body ?? {});
    const updated = await knex.transaction(async (trx) => {
      const row = await ctx.state.tenant.query(Review, trx).patchAndFetchById(review.id, input as never);
      await recomputeSummaries(trx, ctx.state.tenant.shopId, [review.productId]);
      await emitReviewChanges(events, ctx.state.tenant, ReviewUpdated, 'edit', [changedReview(row)], trx);
      return row;
    });
    ctx.body = present(updated);
  });

  router.delete('/:id', async (ctx) => {
    const review = await findReview(ctx);
    const result = await runAction(knex, ctx.state.tenant, 'delete', [review.id], { recycleBin: await recycleBin(ctx), events });
    ctx.body = { success: true, ...result };
  });

  router.post('/:id/reply', requireFeature('reply'), async (ctx) => {
    const review = await findReview(ctx);
    const { content } = replyInput.parse(ctx.request.body ?? {});
    const row = await saveReply(services, ctx.state.tenant, review.id, content); // the email follows from a workflow
    ctx.body = { success: true, data: present(row) };
  });
  router.delete('/:id/reply', requireFeature('reply'), async (ctx) => {
    const review = await findReview(ctx);
    const row = await removeReply(services, ctx.state.tenant, review.id);
    ctx.body = { success: true, data: present(row) };
  });

  router.post('/:id/request-edit', requireFeature('confirmEdit'), async (ctx) => {
    const review = await findReview(ctx);
    const row = await requestEdit(services, ctx.state.tenant, review);
    ctx.body = { success: true, message: 'Edit request sent', data: present(row) };
  });

  router.post('/:id/:action', async (ctx) => {
    const action = parseAction(ctx.params.action);
    const review = await findReview(ctx);
    if (action === 'verify' && review.imported) throw createHttpError(409, 'Imported reviews cannot be verified', { code: 'IMPORTED_REVIEW' });
    const result = await runAction(knex, ctx.state.tenant, action, [review.id], { recycleBin: await recycleBin(ctx), events });
    const row = await ctx.state.tenant.query(Review).findById(review.id);
    ctx.body = { success: true, ...result, data: row ? present(row) : null };
  });

  return router;
}
