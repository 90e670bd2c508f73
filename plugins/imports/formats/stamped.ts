// Stamped: its review fields as Stamped names them (reviewTitle, reviewMessage, reviewRating…), and
// the import template's names as far as they are documented. Stamped's template page could not be
// read: see FORMATS.md#stamped for what is verified and what is not.
import type { ImportFormat } from './types';

export const stamped: ImportFormat = {
  id: 'stamped',
  label: 'Stamped',
  signature: ['reviewmessage', 'reviewrating'],
  columns: {
    externalId: ['id', 'reviewId'],
    productId: ['productId', 'product_id', 'shopProductId'],
    productHandle: ['productHandle', 'productUrl'],
    productSku: ['productSKU'],
    productTitle: ['productName', 'productTitle'],
    author: ['author', 'reviewerName'],
    email: ['email', 'reviewerEmail'],
    country: ['countryIso', 'location'],
    rating: ['reviewRating', 'rating'],
    title: ['reviewTitle', 'title'],
    content: ['reviewMessage', 'body'],
    createdAt: ['reviewDate', 'dateCreated', 'created_at'],
    reply: ['reviewReply', 'reply'],
    replyAt: ['reviewReplyDate', 'replied_at'],
    verified: ['reviewVerifiedType', 'reviewVerified'],
    photos: ['reviewUserPhotos', 'photos', 'imageUrl'],
    state: ['published', 'status'],
  },
  required: ['rating', 'author', 'content'],
  productField: 'productId',
  storeReviews: false,
  starOnly: false,
  // reviewDate is MM/DD/YYYY in Stamped's review data
  dates: 'mdy',
  ratingScale: 5,
  photoSeparator: ',',
  states: { published: [], unpublished: [] },
};
