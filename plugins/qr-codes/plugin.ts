// QR codes: printable review cards per product (admin: /collect-reviews/qr-code) and the public page
// a card's code leads to (/q/<code>). A second-tier feature (spec section 6).
import { definePlugin } from '@plaudit/kernel';
import { CatalogRatings } from '@plaudit/contracts/catalog';
import { ReviewWrite } from '@plaudit/contracts/reviews';
import { ReviewQuestions } from '@plaudit/contracts/review-questions';

export default definePlugin({
  id: 'qr-codes',
  features: { qrCode: 'second' },
  // star counts in the list and on the page; the review form's one path (spam, limits, moderation);
  // the product's custom questions on the form (plugins/review-questions), without it none
  needs: [CatalogRatings, ReviewWrite, ReviewQuestions],
});
