// Loox: its "custom file" import template. Mapping and sources: FORMATS.md#loox.
import type { ImportFormat } from './types';

export const loox: ImportFormat = {
  id: 'loox',
  label: 'Loox',
  signature: ['producthandle', 'rating', 'author', 'body', 'createdat', 'photourl'],
  columns: {
    productHandle: ['product_handle'],
    productId: ['product_Id'],
    rating: ['rating'],
    author: ['author'],
    email: ['email'],
    content: ['body'],
    createdAt: ['created_at'],
    photos: ['photo_url'],
    reply: ['reply'],
    replyAt: ['replied_at'],
    verified: ['verified_purchase'],
    incentivized: ['incentivized'],
  },
  required: ['rating', 'author', 'content', 'createdAt'],
  productField: 'productHandle',
  storeReviews: false,
  starOnly: false,
  dates: 'auto',
  ratingScale: 5,
  photoSeparator: ',',
  states: { published: [], unpublished: [] },
};
