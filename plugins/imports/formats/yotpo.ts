// Yotpo: its review export (snake_case), also read with the import template's spelled-out headers
// ("Review Score" normalises to the same name), and its spelled-out export, whose words differ
// ("Review Creation Date", "Reviewer Display Name", "Published Image URLs", "Review Status"). The export has no verified-buyer column (its
// `user_type` is the kind of account), so nothing is read as verified. FORMATS.md#yotpo.
import type { ImportFormat } from './types';

export const yotpo: ImportFormat = {
  id: 'yotpo',
  label: 'Yotpo',
  signature: ['reviewcontent', 'reviewscore', 'displayname'],
  otherSignatures: [['reviewcontent', 'reviewscore', 'reviewerdisplayname']],
  columns: {
    externalId: ['id', 'review_id'],
    state: ['published', 'review_status'],
    reviewType: ['review_type'],
    title: ['review_title'],
    content: ['review_content'],
    rating: ['review_score'],
    createdAt: ['date', 'review_creation_date'],
    productId: ['product_id'],
    // the product page's URL: its handle, when the id is not the store's
    productHandle: ['product_url'],
    productTitle: ['product_title'],
    author: ['display_name', 'reviewer_display_name'],
    email: ['email', 'reviewer_email'],
    country: ['customer_country'],
    reply: ['comment_content'],
    replyAt: ['comment_created_at'],
    // the unpublished images were hidden by the merchant: not imported
    photos: ['published_image_url', 'published_image_urls'],
  },
  required: ['content', 'rating', 'createdAt'],
  productField: 'productId',
  // site reviews: no product, or Yotpo's own site-review product id
  storeReviews: true,
  storeProductIds: ['yotpositereviews'],
  starOnly: false,
  dates: 'auto',
  ratingScale: 5,
  photoSeparator: ';',
  states: { published: ['true'], unpublished: ['false'] },
  replyPublic: ['comment_public'],
};
