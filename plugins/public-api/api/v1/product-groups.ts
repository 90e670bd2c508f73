// /product-groups: the shop's product groups (plugins/product-groups, issue 33), products that share
// their reviews, chosen by the merchant or by a tag or SKU prefix, through ProductGroups. Read-only,
// under `reviews:read` (a group says which reviews a product page shows). At most 200 groups: one
// answer, no paging. Only on servers with the product-groups plugin (`requires`).
import { z } from 'zod';
import { ProductGroups } from '@plaudit/contracts/product-groups';
import { capability } from './common';
import { defineOperation } from './operation';

const groupSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: z
      .enum(['manual', 'tag', 'skuPrefix', 'metafield'])
      .meta({ description: "how its products are chosen: by the merchant, or the store's products with a tag, a SKU prefix or a metafield's value" }),
    match: z.string().nullable().meta({ description: 'the tag, SKU prefix or metafield value; null for a manual group' }),
    metafield: z
      .object({ namespace: z.string(), key: z.string() })
      .nullable()
      .meta({ description: "a metafield group's product metafield (its value is `match`); null for the other kinds" }),
    shareReviews: z.boolean().meta({ description: "whether each product's page shows the whole group's reviews" }),
    sameProduct: z.boolean().meta({ description: "the products are one item in variants: the group's rating stands for each in structured data" }),
    productIds: z.array(z.string()).meta({ description: "the group's products (gids); each product is in one group at most" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ProductGroup' });

const groupListSchema = z.object({ items: z.array(groupSchema) }).meta({
  id: 'ProductGroupList',
  example: {
    items: [
      {
        id: 12,
        name: 'Linen shirt',
        kind: 'tag',
        match: 'linen-shirt',
        metafield: null,
        shareReviews: true,
        sameProduct: true,
        productIds: ['gid://shopify/Product/7982301', 'gid://shopify/Product/7982302'],
        createdAt: '2026-11-27T08:00:00.000Z',
        updatedAt: '2026-11-27T08:00:00.000Z',
      },
    ],
  },
});

export const productGroupOperations = [
  defineOperation({
    method: 'get',
    path: '/product-groups',
    operationId: 'listProductGroups',
    summary: 'List product groups',
    description:
      "The shop's product groups, newest first (at most 200, so no paging). Reviews stay attached to the product they were written for (`GET /reviews`); a group says which products show each other's reviews. Only on servers with the product-groups plugin.",
    tags: ['Product groups'],
    scope: 'reviews:read',
    requires: ProductGroups,
    responses: { 200: { description: 'The groups', schema: groupListSchema } },
    async handler(ctx, _input, services) {
      const groups = await capability(services, ProductGroups).list(ctx.state.tenant);
      return { body: { items: groups.map((g) => ({ ...g, createdAt: g.createdAt.toISOString(), updatedAt: g.updatedAt.toISOString() })) } };
    },
  }),
];
