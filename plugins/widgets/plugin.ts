import { definePlugin } from '@plaudit/kernel';
import { ReviewFeed, ReviewWrite } from '@plaudit/contracts/reviews';
import { TranslationLabels, TranslationReviews } from '@plaudit/contracts/translations';
import { ReviewVideos } from '@plaudit/contracts/video-reviews';
import { ReviewDisclosure } from '@plaudit/contracts/review-disclosure';
import { ReviewQuestions } from '@plaudit/contracts/review-questions';

export default definePlugin({
  id: 'widgets',
  features: { customCss: 'base', removeBranding: 'base', ugc: 'base' },
  // Reviews and the review settings the storefront needs; without them the widgets show no reviews.
  // The write-review links of the customer portal; without them it links to the product's page.
  // The merchant's labels per language (the translations plugin, which gets the catalog's default texts
  // from api/index.ts's onStart); without it the catalog's texts.
  // Review text translation ("See translation", second tier); without it no review offers one.
  // Video reviews in the review form (second tier); without them the form takes photos only.
  // The "How reviews are collected" page the review box and all-reviews page link to (told our
  // "Verified buyer" badge setting in api/index.ts's onStart); without it no link.
  // Custom questions (the form's fields, the box's distributions, filter and "% would recommend"); without them none.
  needs: [ReviewFeed, ReviewWrite, TranslationLabels, TranslationReviews, ReviewVideos, ReviewDisclosure, ReviewQuestions],
});
