// Judge.me: its CSV import template (dd/mm/yyyy dates) and its review export, which share their
// column names; the export adds `source`, `curated`, `ip_address`, `location` and `metaobject_handle`.
// Mapping and sources: FORMATS.md#judgeme.
import type { ImportFormat } from './types';

export const judgeme: ImportFormat = {
  id: 'judgeme',
  label: 'Judge.me',
  signature: ['body', 'rating', 'reviewdate', 'reviewername'],
  columns: {
    // the export's per-review metaobject handle is its only stable id; the template has none
    externalId: ['metaobject_handle'],
    productId: ['product_id'],
    productHandle: ['product_handle', 'product_url'],
    rating: ['rating'],
    title: ['title'],
    content: ['body'],
    author: ['reviewer_name'],
    email: ['reviewer_email'],
    country: ['location'],
    createdAt: ['review_date'],
    reply: ['reply'],
    replyAt: ['reply_date'],
    state: ['curated'],
    photos: ['picture_urls'],
  },
  required: ['rating', 'content'],
  productField: 'productHandle',
  // a row without product id, handle or URL is a shop review in Judge.me
  storeReviews: true,
  starOnly: false,
  dates: 'dmy',
  ratingScale: 5,
  photoSeparator: ',',
  states: { published: ['ok'], unpublished: ['spam', 'notyet', 'no'] },
};
