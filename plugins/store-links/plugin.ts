// Linked stores (issue 33, deliverable 2): a merchant's stores (one per country) linked by a one-time
// code share their reviews by SKU. One Temporal workflow per link copies each shop's published product
// reviews to the other where a product shares a variant SKU; copies are marked with their origin
// (StoreLinkOrigins, for the widgets), counted and syndicated by their origin shop only. README.md.
import { definePlugin, provide } from '@plaudit/kernel';
import { ReviewAdmin, ReviewCreated, ReviewDeleted, ReviewFeed, ReviewPublished, ReviewUpdated, ReviewWrite } from '@plaudit/contracts/reviews';
import { StoreLinkOrigins } from '@plaudit/contracts/store-links';
import { originsOf } from './db/copies';

export default definePlugin({
  id: 'store-links',
  provides: [provide(StoreLinkOrigins, () => ({ origins: originsOf }))],
  // what is shared are reviews: read as shoppers see them, imported as copies, removed by the admin's
  // path. Optional, as for every plugin built on reviews: without them a link copies nothing.
  needs: [ReviewFeed, ReviewWrite, ReviewAdmin],
  listens: [ReviewCreated, ReviewPublished, ReviewUpdated, ReviewDeleted],
});
