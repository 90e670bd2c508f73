// `ReviewWrite` importReviews (contracts/reviews.ts): many reviews created at once from another
// source (a CSV, a marketplace, another review app). The provider's side: the row schema and the limits.
import { z } from 'zod';
import { findUnsafeText } from '@plaudit/kernel';
import type { ImportedReviewInput } from '@plaudit/contracts/reviews';
import { IMPORTED_SOURCES, replyInput, reviewEdit, shopifyId } from './review';

/** Rows per call: one statement, one transaction; larger files are imported in several calls. */
export const IMPORT_MAX_ROWS = 10_000;
/** A date this far ahead of our clock is a mistake in the file, not clock skew. */
const FUTURE_SLACK_MS = 24 * 3_600_000;

const text = (max: number) => z.string().trim().max(max);
const pastDate = z.coerce.date().refine((d) => d.getTime() <= Date.now() + FUTURE_SLACK_MS, 'The date must not be in the future');

/** One imported review. Never a verified buyer's here (SHOPIFY.md, Policy), so there is no `verified`. */
export const importRow = reviewEdit
  .extend({
    kind: z.enum(['product', 'store']).default('product'),
    productId: shopifyId.nullish(),
    productTitle: text(512).nullish(),
    productHandle: text(255).nullish(),
    // marketplaces have star-only ratings: text is optional here, unlike a merchant's own review
    content: text(10_000).default(''),
    source: z.enum(IMPORTED_SOURCES as [string, ...string[]], { message: `The source must be one of ${IMPORTED_SOURCES.join(', ')}` }).default('imported'),
    status: z.enum(['published', 'unpublished']).default('published'),
    createdAt: pastDate.optional(),
    reply: z.object({ content: replyInput.shape.content, at: pastDate.optional() }).strict().nullish(),
    /** sample reviews a shop starts with: removable in one action, never sent to Google */
    demo: z.boolean().default(false),
    /** the previous app marked it as written for an incentive: the disclosure follows it */
    incentivized: z.boolean().default(false),
    /** the review's identity in its source: a second import of the same key is skipped, not duplicated */
    importKey: z.string().min(1).max(200).nullish(),
    /** the previous app's "verified buyer", kept apart from ours (imported reviews are never verified here) */
    importedVerified: z.boolean().default(false),
  })
  .strict()
  .refine((r) => r.kind === 'store' || !!r.productId, { path: ['productId'], message: 'This field is required' })
  // PostgreSQL refuses NUL; unpaired surrogates are not Unicode (the HTTP layer refuses both for routes)
  .superRefine((r, ctx) => {
    const at = findUnsafeText(r);
    if (at !== undefined) ctx.addIssue({ code: 'custom', path: at.split('.'), message: 'Text must not contain NUL characters or unpaired surrogates' });
  });

export const importRows = z
  .array(importRow)
  .min(1, 'There is nothing to import')
  .max(IMPORT_MAX_ROWS, `At most ${IMPORT_MAX_ROWS.toLocaleString('en')} reviews can be imported at once`);

export type ImportRowInput = z.input<typeof importRow>;
export type ImportRow = z.output<typeof importRow>;

/** The contract's row is one this schema reads: a field the contract adds that the (strict) schema lacks breaks the type check here. */
type Admits<Wide, Narrow extends Wide> = Narrow;
export type ContractRow = Admits<ImportRowInput, ImportedReviewInput>;

/** A photo refused by `storePhoto`; the message says why (the customers' upload messages). */
export class PhotoRefusedError extends Error {
  name = 'PhotoRefusedError';
}
