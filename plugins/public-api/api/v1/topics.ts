// /topics: what shoppers talk about in a shop's published reviews (fit, smell, delivery ...), with how
// many mentions went well and how many badly, for the shop or one product, through ReviewInsights (the
// insights plugin, issue 35). Read-only, under `reviews:read`: the counts are read from the reviews.
// The operation exists only with that plugin installed (`requires`); the `topics.updated` webhook says
// when counts changed.
import { z } from 'zod';
import { ReviewInsights } from '@plaudit/contracts/insights';
import { capability, productId } from './common';
import { defineOperation } from './operation';

export const topicSchema = z
  .object({
    topic: z.string().meta({
      description:
        "the aspect, a language-neutral id: 'quality', 'fit', 'comfort', 'material', 'smell', 'taste', 'value', 'delivery', 'packaging', 'durability', 'look', 'service', 'battery', 'sound', 'usability'",
    }),
    mentions: z.number().int().meta({ description: 'published reviews that speak of it' }),
    positive: z.number().int().meta({ description: 'of those, the ones where it went well' }),
    negative: z.number().int().meta({ description: 'of those, the ones where it went badly' }),
  })
  .meta({ id: 'Topic' });

const topicListSchema = z
  .object({ productId: z.string().nullable().meta({ description: 'the product asked for; null: the whole shop' }), items: z.array(topicSchema) })
  .meta({
    id: 'TopicList',
    example: {
      productId: 'gid://shopify/Product/7982301',
      items: [
        { topic: 'fit', mentions: 42, positive: 30, negative: 12 },
        { topic: 'material', mentions: 17, positive: 16, negative: 1 },
      ],
    },
  });

const topicsQuery = z.object({
  productId: productId
    .optional()
    .meta({ description: "one product's topics (a gid or digits); absent: the shop's, over all its products", example: '7982301' }),
});

export const topicOperations = [
  defineOperation({
    method: 'get',
    path: '/topics',
    operationId: 'listTopics',
    summary: 'List review topics',
    description:
      "The aspects shoppers mention in the shop's published reviews, most mentioned first, with how many mentions were positive and negative; for one product with `productId`. Read from review text in English, German, French and Spanish. Only on servers with the insights plugin.",
    tags: ['Topics'],
    scope: 'reviews:read',
    requires: ReviewInsights,
    query: topicsQuery,
    responses: { 200: { description: 'The topics', schema: topicListSchema } },
    async handler(ctx, { query }, services) {
      const counts = await capability(services, ReviewInsights).topics(ctx.state.tenant, query.productId ?? null);
      const items = counts.map((c) => ({ topic: c.topic, mentions: c.positive + c.negative, positive: c.positive, negative: c.negative }));
      return { body: { productId: query.productId ?? null, items } };
    },
  }),
];
