// Product ids as merchants, themes and old clients send them: Shopify's gid or its bare number. Every
// route that takes product ids reads both the same way (issue 37): the gid, or a 400 for anything else.
import { z } from 'zod';

export const INVALID_PRODUCT_ID = 'The value is invalid';
const GID = /^gid:\/\/shopify\/Product\/\d{1,20}$/;

/** '9007199254741026' or 'gid://shopify/Product/9007199254741026' -> the gid; undefined when it is neither. */
export function productGid(value: string | number): string | undefined {
  const v = String(value).trim();
  if (/^\d{1,20}$/.test(v)) return `gid://shopify/Product/${v}`;
  return GID.test(v) ? v : undefined;
}

/** A product id in either form, parsed to its gid; anything else fails with 'The value is invalid'. */
export const productIdSchema = z.string().transform((v, ctx) => {
  const gid = productGid(v);
  if (!gid) ctx.addIssue({ code: 'custom', message: INVALID_PRODUCT_ID });
  return gid ?? '';
});
