// Plaudit's own export: the review list's columns (plugins/reviews/api/export.ts) plus `status` and
// `variants`, so that an export imported into another shop gives the same reviews back. The exporter
// writes these columns, in this order, with these separators; the importer reads them here.
import type { ExportedReview } from '@plaudit/contracts/reviews';
import type { ImportFormat } from './types';

export const PLAUDIT_COLUMNS = [
  'id',
  'productId',
  'productHandle',
  'productTitle',
  'kind',
  'status',
  'rating',
  'title',
  'content',
  'firstName',
  'lastName',
  'email',
  'country',
  'locale',
  'source',
  'verified',
  'incentivized',
  'featured',
  'pinned',
  'testimonial',
  'replyContent',
  'repliedAt',
  'media',
  'variants',
  'createdAt',
  // the reviewer's answers to the shop's custom questions (plugins/review-questions), export only:
  // `Question: answer, answer | Question: answer`; an import matches them to the shop's questions by label
  'answers',
  // the product group of the review's product (plugins/product-groups), export only: its name
  'group',
  // each column a field of the reviews plugin's contract: a renamed field breaks the type check here
] as const satisfies readonly (keyof ExportedReview | 'answers' | 'group')[];
export type PlauditColumn = (typeof PLAUDIT_COLUMNS)[number];

/**
 * Between the items of a list cell: media URLs never contain spaces; variants (`Color: Red`) may
 * contain commas and slashes but not `; `. Dates are ISO 8601 in UTC (`toISOString()`), flags
 * `true` / `false`, `kind` is `product` or `store`.
 */
export const PLAUDIT_SEPARATORS = { media: ' ', variants: '; ', answers: ' | ' } as const;

export const plaudit: ImportFormat = {
  id: 'plaudit',
  label: 'Plaudit',
  signature: ['kind', 'rating', 'content', 'firstname', 'lastname', 'media', 'createdat'],
  columns: {
    externalId: ['id'],
    productId: ['productId'],
    productHandle: ['productHandle'],
    productTitle: ['productTitle'],
    reviewType: ['kind'],
    state: ['status'],
    rating: ['rating'],
    title: ['title'],
    content: ['content'],
    firstName: ['firstName'],
    lastName: ['lastName'],
    email: ['email'],
    country: ['country'],
    verified: ['verified'],
    incentivized: ['incentivized'],
    reply: ['replyContent'],
    replyAt: ['repliedAt'],
    photos: ['media'],
    variantValues: ['variants'],
    createdAt: ['createdAt'],
    answers: ['answers'],
  },
  required: ['rating'],
  productField: 'productId',
  // `kind` says which rows are the shop's own reviews
  storeReviews: true,
  // marketplace imports (AliExpress, Amazon) may be stars only
  starOnly: true,
  dates: 'auto',
  ratingScale: 5,
  photoSeparator: /\s+/,
  states: { published: ['published'], unpublished: ['unpublished', 'pending', 'trash'] },
  marketplace: ['source'],
};
