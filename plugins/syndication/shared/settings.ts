// The shop's syndication choices: each channel is off until the merchant turns it on.
import { z } from 'zod';

export const syndicationSettingsSchema = z
  .object({
    /** Shopify's standard product reviews (the Shop app): needs the program's approval and the metaobject scopes */
    shopifyEnabled: z.boolean(),
    /** the Meta product review feed at its secret URL */
    metaFeedEnabled: z.boolean(),
  })
  .strict();

export type SyndicationSettings = z.infer<typeof syndicationSettingsSchema>;
export const SETTINGS_DEFAULTS: SyndicationSettings = { shopifyEnabled: false, metaFeedEnabled: false };
export const SETTINGS_NAMESPACE = 'syndication';

/** POST /api/syndication/resync */
export const resyncInput = z.object({ channel: z.enum(['shopify', 'google']) }).strict();
