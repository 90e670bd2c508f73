// What the first two steps ask: the merchant's kind of business and where they sell. Kept in the
// plugin's settings namespace 'onboarding' (the kernel's typed settings store).
import { z } from 'zod';

export const BUSINESS_TYPES = ['fashion', 'beauty', 'home', 'electronics', 'food', 'health', 'sports', 'kids', 'jewelry', 'pets', 'other'] as const;
export const SELLING_MARKETS = ['local', 'national', 'international'] as const;

const invalid = { message: 'The value is invalid' };

export const profileSchema = z
  .object({
    businessType: z.enum(BUSINESS_TYPES, invalid).nullable(),
    sellingMarket: z.enum(SELLING_MARKETS, invalid).nullable(),
  })
  .strict();

export const profileUpdate = profileSchema.partial().strict();

export type Profile = z.infer<typeof profileSchema>;
export const PROFILE_DEFAULTS: Profile = { businessType: null, sellingMarket: null };
