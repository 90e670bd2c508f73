// Okendo: its import template. `videoUrls` and `rejectedImageUrls` are not photos we publish, and
// `isRecommended` / `variantId` have no field here: those columns are left out. FORMATS.md#okendo.
import type { ImportFormat } from './types';

export const okendo: ImportFormat = {
  id: 'okendo',
  label: 'Okendo',
  signature: ['name', 'body', 'rating', 'datecreated'],
  columns: {
    author: ['name'],
    content: ['body'],
    productHandle: ['handle'],
    productId: ['productId'],
    productSku: ['sku'],
    rating: ['rating'],
    createdAt: ['dateCreated'],
    country: ['countryCode'],
    email: ['email'],
    photos: ['imageUrls'],
    state: ['status', 'isApproved'],
    incentivized: ['isIncentivized'],
    reply: ['reply'],
    replyAt: ['replyDateCreated'],
    title: ['title'],
    verified: ['isVerifiedBuyer'],
  },
  required: ['author', 'content', 'rating', 'createdAt'],
  // Okendo recommends the product id; handle and SKU are accepted alike
  productField: 'productId',
  storeReviews: false,
  starOnly: false,
  dates: 'auto',
  ratingScale: 5,
  photoSeparator: ',',
  states: { published: ['approved'], unpublished: ['pending', 'rejected'] },
  replyPublic: ['replyIsPublic'],
};
