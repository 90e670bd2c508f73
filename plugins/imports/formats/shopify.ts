// Shopify's retired Product Reviews app: its CSV export (and import) header, verbatim.
// FORMATS.md#shopify.
import type { ImportFormat } from './types';

export const shopify: ImportFormat = {
  id: 'shopify',
  label: 'Shopify Product Reviews',
  signature: ['producthandle', 'state', 'rating', 'title', 'author', 'email', 'location', 'body', 'reply', 'createdat', 'repliedat'],
  columns: {
    productHandle: ['product_handle'],
    state: ['state'],
    rating: ['rating'],
    title: ['title'],
    author: ['author'],
    email: ['email'],
    country: ['location'],
    content: ['body'],
    reply: ['reply'],
    createdAt: ['created_at'],
    replyAt: ['replied_at'],
  },
  required: ['rating', 'author', 'content', 'createdAt'],
  productField: 'productHandle',
  storeReviews: false,
  starOnly: false,
  dates: 'auto',
  ratingScale: 5,
  // the app had no photos
  photoSeparator: ',',
  states: { published: ['published'], unpublished: ['unpublished', 'spam'] },
};
