// /reviews and /products/summaries: a shop's reviews for integrators, through the reviews plugin's
// `ReviewAdmin` (its admin paths: same validation, recounts, webhooks and reply emails as the admin)
// and, for the summaries, `ReviewFeed` (published reviews counted).
import { z } from 'zod';
import type { ApiServices } from '@plaudit/kernel';
import { ReviewAdmin, ReviewFeed, type ApiReview } from '@plaudit/contracts/reviews';
import { ReviewQuestions } from '@plaudit/contracts/review-questions';
import type { Tenant } from '@plaudit/kernel';
import { capability, idParams, notFound } from './common';
import { defineOperation } from './operation';
import {
  deletedSchema,
  replyBody,
  reviewCreateBody,
  reviewListQuery,
  reviewPageSchema,
  reviewSchema,
  reviewUpdateBody,
  summariesQuery,
  summariesSchema,
} from './review-schemas';

const TAG = 'Reviews';
const reviews = (services: ApiServices) => capability(services, ReviewAdmin);
const reviewId = idParams('review');

/** The reviews with their answers to the shop's custom questions, when the shop has the plugin and the review has answers. */
async function withAnswers<R extends ApiReview>(services: ApiServices, tenant: Tenant, items: R[]): Promise<(R & { answers?: unknown[] })[]> {
  const questions = services.capabilities.get(ReviewQuestions);
  if (!questions || !items.length) return items;
  const found = await questions.answersOf(
    tenant,
    items.map((r) => r.id),
  );
  return items.map((r) => {
    const answers = found.get(r.id);
    return answers ? { ...r, answers: answers.map((a) => ({ questionId: a.questionId, question: a.label, values: a.values, labels: a.valueLabels })) } : r;
  });
}
const REVIEW_404 = { 404: { description: 'No review of this shop has this id' } };

export const reviewOperations = [
  defineOperation({
    method: 'get',
    path: '/reviews',
    operationId: 'listReviews',
    summary: 'List reviews',
    description:
      "The shop's reviews, newest first unless `sort=oldest`, a page at a time: follow `pageInfo.nextCursor`. Reviews in the recycle bin only with `status=trash`.",
    tags: [TAG],
    scope: 'reviews:read',
    query: reviewListQuery,
    responses: { 200: { description: 'A page of reviews', schema: reviewPageSchema } },
    async handler(ctx, { query }, services) {
      const { cursor, since, updatedSince, ...filters } = query;
      const at = (iso: string | undefined) => (iso ? new Date(iso) : undefined);
      const page = await reviews(services).list(ctx.state.tenant, { ...filters, since: at(since), updatedSince: at(updatedSince), after: cursor });
      const items = await withAnswers(services, ctx.state.tenant, page.items);
      return { body: { items, pageInfo: { nextCursor: page.nextCursor, hasNextPage: page.nextCursor !== null } } };
    },
  }),

  defineOperation({
    method: 'get',
    path: '/reviews/:id',
    operationId: 'getReview',
    summary: 'Get a review',
    tags: [TAG],
    scope: 'reviews:read',
    params: reviewId,
    responses: { 200: { description: 'The review', schema: reviewSchema }, ...REVIEW_404 },
    async handler(ctx, { params }, services) {
      const review = await reviews(services).get(ctx.state.tenant, params.id);
      if (!review) throw notFound('Review');
      return { body: (await withAnswers(services, ctx.state.tenant, [review]))[0] };
    },
  }),

  defineOperation({
    method: 'post',
    path: '/reviews',
    operationId: 'createReview',
    summary: 'Create a review',
    description:
      "The merchant's own review (`source: admin`), or one imported from elsewhere (another source). Send an `Idempotency-Key` header: a retry with the same key returns the first review instead of a second one.",
    tags: [TAG],
    scope: 'reviews:write',
    body: reviewCreateBody,
    idempotent: true,
    responses: { 201: { description: 'The new review', schema: reviewSchema } },
    async handler(ctx, { body }, services) {
      return { status: 201, body: await reviews(services).create(ctx.state.tenant, body) };
    },
  }),

  defineOperation({
    method: 'patch',
    path: '/reviews/:id',
    operationId: 'updateReviewStatus',
    summary: 'Publish or unpublish a review',
    description:
      "The admin's publish and unpublish actions: the product's rating summary is recounted and a review.published or review.updated webhook follows. A review in the recycle bin answers 409 REVIEW_IN_TRASH.",
    tags: [TAG],
    scope: 'reviews:write',
    params: reviewId,
    body: reviewUpdateBody,
    responses: {
      200: { description: 'The review as it is now', schema: reviewSchema },
      ...REVIEW_404,
      409: { description: 'The review is in the recycle bin' },
    },
    async handler(ctx, { params, body }, services) {
      const review = await reviews(services).setStatus(ctx.state.tenant, params.id, body.status);
      if (!review) throw notFound('Review');
      return { body: review };
    },
  }),

  defineOperation({
    method: 'put',
    path: '/reviews/:id/reply',
    operationId: 'replyToReview',
    summary: 'Reply to a review',
    description: "Sets or replaces the merchant's public reply. The reviewer gets the review-reply email when the shop has it on, as from the admin.",
    tags: [TAG],
    scope: 'reviews:write',
    params: reviewId,
    body: replyBody,
    responses: { 200: { description: 'The review with its reply', schema: reviewSchema }, ...REVIEW_404 },
    async handler(ctx, { params, body }, services) {
      const review = await reviews(services).reply(ctx.state.tenant, params.id, body.content);
      if (!review) throw notFound('Review');
      return { body: review };
    },
  }),

  defineOperation({
    method: 'delete',
    path: '/reviews/:id/reply',
    operationId: 'deleteReviewReply',
    summary: "Remove a review's reply",
    tags: [TAG],
    scope: 'reviews:write',
    params: reviewId,
    responses: { 200: { description: 'The review without a reply', schema: reviewSchema }, ...REVIEW_404 },
    async handler(ctx, { params }, services) {
      const review = await reviews(services).reply(ctx.state.tenant, params.id, null);
      if (!review) throw notFound('Review');
      return { body: review };
    },
  }),

  defineOperation({
    method: 'delete',
    path: '/reviews/:id',
    operationId: 'deleteReview',
    summary: 'Delete a review',
    description:
      "The admin's delete: to the recycle bin (status 'trash') when the shop's plan has one, for good otherwise or when the review is already in the bin.",
    tags: [TAG],
    scope: 'reviews:write',
    params: reviewId,
    responses: { 200: { description: 'What became of the review', schema: deletedSchema }, ...REVIEW_404 },
    async handler(ctx, { params }, services) {
      const result = await reviews(services).remove(ctx.state.tenant, params.id);
      if (!result) throw notFound('Review');
      return { body: { id: params.id, purged: result.purged } satisfies z.output<typeof deletedSchema> };
    },
  }),

  defineOperation({
    method: 'get',
    path: '/products/summaries',
    operationId: 'getProductSummaries',
    summary: 'Rating summaries of many products',
    description: 'Counts of published reviews for up to 100 products at once, in the order asked; a product without reviews has zeros.',
    tags: [TAG],
    scope: 'reviews:read',
    query: summariesQuery,
    responses: { 200: { description: 'One summary per product', schema: summariesSchema } },
    async handler(ctx, { query }, services) {
      const found = await capability(services, ReviewFeed).summaries(ctx.state.tenant, query.productIds);
      return { body: { items: query.productIds.map((id) => found[id] ?? emptySummary(id)) } };
    },
  }),
];

export function emptySummary(productId: string) {
  return { productId, count: 0, average: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, mediaCount: 0 };
}
