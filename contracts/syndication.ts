// What the syndication plugin offers others (issue 34, deliverable 6): how many of a shop's reviews
// each channel holds now, for the analytics screens. Optional: without the plugin nothing is syndicated.
import type { Tenant } from '@plaudit/kernel';
import { defineCapability } from './define';

/** The channels reviews are pushed to (the Meta feed is read by Meta, not pushed: not counted). */
export type SyndicationChannel = 'shopify' | 'google';

export interface SyndicatedCounts {
  /** reviews the channel holds now (Shopify's product_review metaobjects, Google's product reviews) */
  synced: number;
  /** reviews the channel refused */
  failed: number;
  /** whether the shop sends reviews there at all (switched on, or connected) */
  on: boolean;
}

export interface SyndicationCountsApi {
  counts(tenant: Tenant): Promise<Record<SyndicationChannel, SyndicatedCounts>>;
}
export const SyndicationCounts = defineCapability<SyndicationCountsApi>('syndication.counts');
