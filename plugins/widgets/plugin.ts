import { definePlugin, provide } from '@plaudit/kernel';
import { ReviewFeed, ReviewWrite } from '@plaudit/contracts/reviews';
import { TranslationLabels, TranslationReviews } from '@plaudit/contracts/translations';
import { ReviewVideos } from '@plaudit/contracts/video-reviews';
import { ReviewDisclosure } from '@plaudit/contracts/review-disclosure';
import { ReviewQuestions } from '@plaudit/contracts/review-questions';
import { ReviewInsights } from '@plaudit/contracts/insights';
import { ProductGroups } from '@plaudit/contracts/product-groups';
import { GoogleProductIds } from '@plaudit/contracts/widgets';
import { cachedProductIds } from './api/google-product-ids';
import { StoreLinkOrigins } from '@plaudit/contracts/store-links';

export default definePlugin({
  id: 'widgets',
  features: { customCss: 'base', removeBranding: 'base', ugc: 'base' },
  // a product's edit or deletion drops the identifiers the Google feed keeps (shared/google-catalogue.ts)
  webhookTopics: ['products/update', 'products/delete'],
  // Reviews and the review settings the storefront needs; without them the widgets show no reviews.
  // The write-review links of the customer portal; without them it links to the product's page.
  // The merchant's labels per language (the translations plugin, which gets the catalog's default texts
  // from api/index.ts's onStart); without it the catalog's texts.
  // Review text translation ("See translation", second tier); without it no review offers one.
  // Video reviews in the review form (second tier); without them the form takes photos only.
  // The "How reviews are collected" page the review box and all-reviews page link to (told our
  // "Verified buyer" badge setting in api/index.ts's onStart); without it no link.
  // Custom questions (the form's fields, the box's distributions, filter and "% would recommend"); without them none.
  // What customers say (the box's topics as filter links and quoted sentences, plugins/insights); without it none.
  // Product groups (a grouped product's box and stars show its group's reviews); without them each product its own.
  // Linked stores (a review copied from another store of the merchant says where it was written); without them none is a copy.
  needs: [
    ReviewFeed,
    ReviewWrite,
    TranslationLabels,
    TranslationReviews,
    ReviewVideos,
    ReviewDisclosure,
    ReviewQuestions,
    ReviewInsights,
    ProductGroups,
    StoreLinkOrigins,
  ],
  // the Google feed's product identifiers, through the same cache, for the syndication plugin's Merchant API push
  provides: [
    provide(GoogleProductIds, (services) => ({
      productIds: async (tenant, gids) => Object.fromEntries(await cachedProductIds(services, tenant, gids, services.log)),
    })),
  ],
});
