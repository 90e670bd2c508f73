// Any other spreadsheet: common header names, for a file no signature recognised. The merchant
// checks the guess in the mapping step, so these aliases may be loose; they never decide a format.
import type { ImportFormat } from './types';

export const generic: ImportFormat = {
  id: 'generic',
  label: 'Other spreadsheet',
  signature: [],
  columns: {
    externalId: ['review_id', 'id'],
    productId: ['product_id', 'shopify_product_id', 'productid'],
    productHandle: ['product_handle', 'handle', 'product_url'],
    productSku: ['sku', 'product_sku', 'variant_sku'],
    productTitle: ['product_title', 'product_name', 'product'],
    reviewType: ['review_type', 'kind', 'type'],
    rating: ['rating', 'stars', 'score', 'review_score', 'review_rating', 'star_rating'],
    title: ['title', 'review_title', 'headline', 'subject', 'summary'],
    content: ['content', 'body', 'review', 'review_body', 'review_content', 'review_text', 'review_message', 'text', 'comment', 'message'],
    author: ['author', 'name', 'reviewer_name', 'reviewer', 'display_name', 'reviewer_display_name', 'customer_name', 'full_name', 'author_name', 'nickname'],
    firstName: ['first_name'],
    lastName: ['last_name'],
    email: ['email', 'reviewer_email', 'author_email', 'customer_email', 'email_address'],
    country: ['country', 'country_code', 'location', 'country_iso'],
    createdAt: ['created_at', 'date', 'review_date', 'review_creation_date', 'creation_date', 'date_created', 'reviewed_at', 'submitted_at', 'published_at'],
    reply: ['reply', 'reply_content', 'response', 'merchant_reply', 'store_reply', 'comment_content'],
    replyAt: ['reply_date', 'replied_at', 'reply_created_at', 'response_date', 'comment_created_at'],
    state: ['status', 'review_status', 'state', 'published', 'curated', 'approved', 'is_approved', 'visibility'],
    verified: ['verified', 'verified_purchase', 'verified_buyer', 'is_verified_buyer'],
    incentivized: ['incentivized', 'is_incentivized'],
    photos: ['photos', 'photo_urls', 'photo_url', 'picture_urls', 'image_urls', 'published_image_urls', 'images', 'image_url', 'media', 'media_urls'],
    variantOptions: ['variant_options', 'options', 'option_names'],
    variantValues: ['variant_values', 'variant', 'variants', 'variant_title', 'variant_name'],
  },
  required: ['rating', 'content'],
  productField: 'productHandle',
  storeReviews: false,
  starOnly: false,
  dates: 'auto',
  ratingScale: 5,
  // URLs have no spaces; any of the usual separators may stand between them
  photoSeparator: /[\s,;|]+/,
  states: { published: [], unpublished: [] },
};
