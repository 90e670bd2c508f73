// A product group as the merchant defines it (admin API) and the limits it keeps. The messages name
// what is wrong in English, per field, as the other plugins' API messages do.
import { z } from 'zod';
import { GROUP_KINDS, KEY, NAMESPACE, validMatch } from './rules';

/** Groups per shop, and products per group (the review box asks the feed for them in one query). */
export const MAX_GROUPS = 200;
export const MAX_PRODUCTS = 50;
/** Rule groups per shop (tag, SKU prefix, metafield): saving any group reads the catalogue for each (README, "Rule groups"). */
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
    /** manual: the products chosen; tag / skuPrefix / metafield: the catalogue's products that match `match` */
    kind: z.enum(GROUP_KINDS, { error: INVALID }).default('manual'),
    /** the tag, the SKU prefix or the metafield's value of a rule group; ignored for a manual one */
    match: z.string({ error: INVALID }).trim().max(255, 'At most 255 characters').default(''),
    /** a metafield group's metafield (Shopify's namespace and key); ignored for the other kinds */
    metafieldNamespace: z.string({ error: INVALID }).trim().max(255, 'At most 255 characters').default(''),
    metafieldKey: z.string({ error: INVALID }).trim().max(64, 'At most 64 characters').default(''),
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
      return;
    }
    if (!g.match) ctx.addIssue({ code: 'custom', path: ['match'], message: REQUIRED });
    else if (!validMatch(g.kind, g.match)) ctx.addIssue({ code: 'custom', path: ['match'], message: INVALID });
    if (g.kind !== 'metafield') return;
    // Shopify's formats: namespace 3-255, key 2-64 characters, letters, digits, '-' and '_'
    if (!g.metafieldNamespace) ctx.addIssue({ code: 'custom', path: ['metafieldNamespace'], message: REQUIRED });
    else if (!NAMESPACE.test(g.metafieldNamespace)) ctx.addIssue({ code: 'custom', path: ['metafieldNamespace'], message: '3 to 255 letters, digits, - or _' });
    if (!g.metafieldKey) ctx.addIssue({ code: 'custom', path: ['metafieldKey'], message: REQUIRED });
    else if (!KEY.test(g.metafieldKey)) ctx.addIssue({ code: 'custom', path: ['metafieldKey'], message: '2 to 64 letters, digits, - or _' });
  })
  .transform((g) => {
    const metafield = g.kind === 'metafield' ? {} : { metafieldNamespace: '', metafieldKey: '' };
    return g.kind === 'manual' ? { ...g, ...metafield, match: '' } : { ...g, ...metafield, products: [] };
  });
export type GroupInput = z.infer<typeof groupInput>;

/** A group as the admin API answers it: a rule group's products are the ones it holds now. */
export interface ProductGroup extends GroupInput {
  id: number;
  createdAt: string;
  updatedAt: string;
}
