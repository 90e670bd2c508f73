// The import defaults per marketplace (spec section 4: "import defaults per marketplace"), the
// settings tab "import reviews"; the marketplace screen starts from them.
import { z } from 'zod';

export const MAX_REVIEWS_MESSAGE = 'Number needs to be between equal 1 and 100';

export const marketplaceDefaults = z.object({
  maxReviews: z.coerce.number({ error: MAX_REVIEWS_MESSAGE }).int(MAX_REVIEWS_MESSAGE).min(1, MAX_REVIEWS_MESSAGE).max(100, MAX_REVIEWS_MESSAGE),
  stars: z.array(z.coerce.number().int().min(1).max(5)).min(1, 'This field is required').max(5),
  withPhotos: z.boolean(),
  /** ISO 3166-1 alpha-2, or null for every country */
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'The value is invalid')
    .transform((c) => c.toUpperCase())
    .nullable(),
});

export const importSettings = z.object({ aliexpress: marketplaceDefaults, amazon: marketplaceDefaults }).strict();
export type ImportSettings = z.infer<typeof importSettings>;

const DEFAULTS_ONE = { maxReviews: 20, stars: [5, 4], withPhotos: false, country: null };
export const IMPORT_DEFAULTS: ImportSettings = { aliexpress: DEFAULTS_ONE, amazon: DEFAULTS_ONE };
