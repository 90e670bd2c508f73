// Product groups (issue 33, deliverable 1): products a merchant groups so that they share their
// reviews (the same shirt in several colours listed as separate products). The widgets show a
// product's group's reviews and rating through ProductGroups (contracts/product-groups.ts); each
// review keeps its own product. Groups by tag or SKU prefix follow the catalogue through the product
// webhooks (activities/catalogue-hooks.ts). README.md has the decisions.
import { definePlugin, provide } from '@plaudit/kernel';
import { ProductGroups } from '@plaudit/contracts/product-groups';
import { ReviewFeed } from '@plaudit/contracts/reviews';
import { productGroups } from './api/capability';

export default definePlugin({
  id: 'product-groups',
  provides: [provide(ProductGroups, (services) => productGroups(services))],
  // a product's tags or SKUs changed, or it came or went: it joins or leaves a rule group
  webhookTopics: ['products/create', 'products/update', 'products/delete'],
  // the review feed's channel, announced on when a group changes (cached boxes drop)
  needs: [ReviewFeed],
});
