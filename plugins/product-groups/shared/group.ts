// A product group as the merchant defines it (admin API) and the limits it keeps. The messages name
// what is wrong in English, per field, as the other plugins' API messages do.
import { z } from 'zod';
import { GROUP_KINDS, validMatch } from './rules';

/** Groups per shop, and products per group (the review box asks the feed for them in one query). */
export const MAX_GROUPS = 200;
export const MAX_PRODUCTS = 50;
/** Rule groups per shop: saving any group reads one catalogue search per rule group (README, "Rule groups"). */
export const MAX_RULE_GROUPS = 20;

const REQUIRED = 'This field is required';
const INVALID = 'The value is invalid';
const productGid = z
  .string({ error: REQUIRED })
  .trim()
  .regex(/^gid:\/\/shopify\/Product\/\d{1,20}$/, INVALID);

const member = z
  .object({
    id: productGid,
    /** the catalogue's title when chosen (the admin list shows it) */
    title: z.string().trim().max(255).default(''),
  })
  .strict();

export const groupInput = z
  .object({
    name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100, 'At most 100 characters'),
    /** manual: the products chosen; tag / skuPrefix: the catalogue's products that match `match` */
    kind: z.enum(GROUP_KINDS, { error: INVALID }).default('manual'),
    /** the tag, or the SKU prefix, of a rule group; ignored for a manual one */
    match: z.string({ error: INVALID }).trim().max(255, 'At most 255 characters').default(''),
    /** a manual group's products; ignored for a rule group (the catalogue decides them) */
    products: z.array(member, { error: REQUIRED }).max(MAX_PRODUCTS, `At most ${MAX_PRODUCTS} products`).default([]),
    shareReviews: z.boolean().default(true),
    sameProduct: z.boolean().default(false),
  })
  .strict()
  .superRefine((g, ctx) => {
    if (g.kind === 'manual') {
      if (g.products.length < 2) ctx.addIssue({ code: 'custom', path: ['products'], message: 'Choose at least 2 products' });
      else if (new Set(g.products.map((p) => p.id)).size !== g.products.length)
        ctx.addIssue({ code: 'custom', path: ['products'], message: 'A product is listed twice' });
    } else if (!g.match) ctx.addIssue({ code: 'custom', path: ['match'], message: REQUIRED });
    else if (!validMatch(g.kind, g.match)) ctx.addIssue({ code: 'custom', path: ['match'], message: INVALID });
  })
  .transform((g) => (g.kind === 'manual' ? { ...g, match: '' } : { ...g, products: [] }));
export type GroupInput = z.infer<typeof groupInput>;

/** A group as the admin API answers it: a rule group's products are the ones it holds now. */
export interface ProductGroup extends GroupInput {
  id: number;
  createdAt: string;
  updatedAt: string;
}
