// /questions: a shop's product questions and their published answers, through QuestionsPublic
// (the questions plugin). Read-only: the merchant moderates and answers in the app. The operations
// exist only with that plugin installed (`requires`): without it they answer 404 and the document
// does not list them. The asker's email is shown under `questions:read`, as reviewers' emails are
// under `reviews:read`: both scopes are the shop's own data for the shop's own systems.
import { z } from 'zod';
import type { ApiServices } from '@plaudit/kernel';
import { QuestionsPublic } from '@plaudit/contracts/questions';
import { boolQuery, csv, cursor, idParams, isoInstant, limit, notFound, pageInfo, productId } from './common';
import { defineOperation } from './operation';

const TAG = 'Questions';
const STATUSES = ['published', 'unpublished', 'pending'] as const;
const instant = z.iso.datetime();

const questions = (services: ApiServices) => services.capabilities.get(QuestionsPublic)!;

export const answerSchema = z
  .object({
    id: z.number().int(),
    author: z.enum(['merchant', 'community']).meta({ description: "'merchant': the shop's answer; 'community': a customer's, approved by the merchant" }),
    authorName: z.string(),
    body: z.string(),
    helpfulCount: z.number().int().meta({ description: "shoppers' helpful votes" }),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'Answer' });

export const questionSchema = z
  .object({
    id: z.number().int(),
    productId: z.string().meta({ description: 'Shopify product gid' }),
    productTitle: z.string().nullable(),
    productHandle: z.string().nullable(),
    askerName: z.string(),
    askerEmail: z
      .string()
      .nullable()
      .meta({ description: "the asker's email (where the answer is mailed; never shown on the storefront); null after a customer redaction" }),
    body: z.string().meta({ description: 'the question as asked (plain text)' }),
    locale: z.string().meta({ description: 'the storefront language it was asked in' }),
    status: z.enum(STATUSES).meta({
      description: "'pending' awaits the merchant (new questions unless the shop publishes them at once; spam always); 'published' shows on the product page",
    }),
    heldAsSpam: z.boolean(),
    helpfulCount: z.number().int(),
    answerCount: z.number().int().meta({ description: 'published answers' }),
    answeredAt: instant.nullable().meta({ description: 'when its first answer was published' }),
    createdAt: instant,
    updatedAt: instant.meta({ description: 'the last change of the question or of one of its answers' }),
    answers: z.array(answerSchema).meta({ description: 'the published answers, oldest first' }),
  })
  .meta({
    id: 'Question',
    example: {
      id: 88,
      productId: 'gid://shopify/Product/7982301',
      productTitle: 'Linen shirt',
      productHandle: 'linen-shirt',
      askerName: 'Quinn',
      askerEmail: 'quinn@example.com',
      body: 'Does it shrink in the wash?',
      locale: 'en',
      status: 'published',
      heldAsSpam: false,
      helpfulCount: 3,
      answerCount: 1,
      answeredAt: '2026-11-21T09:12:00.000Z',
      createdAt: '2026-11-20T17:03:11.000Z',
      updatedAt: '2026-11-21T09:12:00.000Z',
      answers: [
        {
          id: 91,
          author: 'merchant',
          authorName: 'Linen & Co',
          body: 'Barely: wash it cold.',
          helpfulCount: 2,
          createdAt: '2026-11-21T09:12:00.000Z',
          updatedAt: '2026-11-21T09:12:00.000Z',
        },
      ],
    },
  });

const questionPageSchema = z.object({ items: z.array(questionSchema), pageInfo }).meta({ id: 'QuestionPage' });

const listQuery = z.object({
  cursor,
  limit: limit(20),
  sort: z.enum(['newest', 'oldest'], { error: 'One of newest, oldest' }).default('newest').meta({ description: 'by the time asked' }),
  productId: csv(productId, 50).optional().meta({ description: 'comma-separated product ids (gids or digits), at most 50', example: '7982301' }),
  status: z.enum(STATUSES, { error: `One of ${STATUSES.join(', ')}` }).optional(),
  answered: boolQuery.optional().meta({ description: 'true: with a published answer; false: without' }),
  since: isoInstant.optional().meta({ description: 'asked at or after', example: '2026-11-01T00:00:00Z' }),
  updatedSince: isoInstant
    .optional()
    .meta({ description: 'the question or one of its answers changed at or after: for incremental syncs', example: '2026-11-26T00:00:00Z' }),
});

export const questionOperations = [
  defineOperation({
    method: 'get',
    path: '/questions',
    operationId: 'listQuestions',
    summary: 'List questions',
    description:
      "The shop's product questions in every status, newest first unless `sort=oldest`, each with its published answers, a page at a time: follow `pageInfo.nextCursor`. Only on servers with the questions plugin.",
    tags: [TAG],
    scope: 'questions:read',
    requires: QuestionsPublic,
    query: listQuery,
    responses: { 200: { description: 'A page of questions', schema: questionPageSchema } },
    async handler(ctx, { query }, services) {
      const { cursor: after, since, updatedSince, ...filters } = query;
      const at = (value: string | undefined) => (value ? new Date(value) : undefined);
      const page = await questions(services).list(ctx.state.tenant, { ...filters, since: at(since), updatedSince: at(updatedSince), after });
      return { body: { items: page.items, pageInfo: { nextCursor: page.nextCursor, hasNextPage: page.nextCursor !== null } } };
    },
  }),

  defineOperation({
    method: 'get',
    path: '/questions/:id',
    operationId: 'getQuestion',
    summary: 'Get a question',
    description: 'One question with its published answers.',
    tags: [TAG],
    scope: 'questions:read',
    requires: QuestionsPublic,
    params: idParams('question'),
    responses: { 200: { description: 'The question', schema: questionSchema }, 404: { description: 'No question of this shop has this id' } },
    async handler(ctx, { params }, services) {
      const found = await questions(services).get(ctx.state.tenant, params.id);
      if (!found) throw notFound('Question');
      return { body: found };
    },
  }),
];
