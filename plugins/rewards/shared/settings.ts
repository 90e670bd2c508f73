// The discount settings (spec sections 3, 5, 9) and the one rule that decides a review's reward.
// FTC 16 CFR 465.4: the reward never depends on the rating or the sentiment. `rewardFor` is not
// even given them: only the review's length, photos, address and buyer status.
import { z } from 'zod';

export const COMBINES = ['productDiscounts', 'orderDiscounts', 'shippingDiscounts'] as const;
export const PREFIX_MAX = 16;

const value = z.coerce.number().positive('Number needs to be greater than 0').max(1_000_000);
const whole = (min: number, max: number) =>
  z.coerce
    .number()
    .int(`A whole number between ${min} and ${max}`)
    .min(min, `A whole number between ${min} and ${max}`)
    .max(max, `A whole number between ${min} and ${max}`);

/** The fields alone (a partial update is checked against these, the whole against `discountSettings`). */
export const discountFields = z
  .object({
    enableDiscount: z.boolean(),
    /** when the reward goes out: once the review is stored, or once it is published */
    sendingMethod: z.enum(['submitted', 'published']),
    typeDiscount: z.enum(['percentage', 'fixed']),
    /** one value for every qualifying review, or separate values for text and photo reviews */
    valueMode: z.enum(['all', 'separate']),
    valueAll: value,
    valueText: value,
    valuePhoto: value,
    charactersRequired: whole(0, 5000),
    photoRequired: whole(1, 5),
    expireDiscount: whole(1, 365),
    customerEligibility: z.enum(['verified', 'everyone']),
    combinations: z.boolean(),
    listCombines: z.array(z.enum(COMBINES)).max(3),
    discountCodePrefix: z
      .string()
      .trim()
      .max(PREFIX_MAX, `At most ${PREFIX_MAX} characters`)
      .regex(/^[A-Za-z0-9_-]*$/, 'Letters, digits, - and _ only'),
    rewardingMethod: z.enum(['discount', 'points']),
    /** 'second' exists for tests and demos (the admin offers days only): the expiry and reminder in seconds */
    timeUnit: z.enum(['day', 'second']),
  })
  .strict();

export const discountSettings = discountFields.refine((s) => s.typeDiscount !== 'percentage' || Math.max(s.valueAll, s.valueText, s.valuePhoto) <= 100, {
  path: ['valueAll'],
  message: 'A percentage is at most 100',
});
export type DiscountSettings = z.infer<typeof discountSettings>;

export const DISCOUNT_DEFAULTS: DiscountSettings = {
  enableDiscount: false,
  sendingMethod: 'submitted',
  typeDiscount: 'percentage',
  valueMode: 'separate',
  valueAll: 15,
  valueText: 10,
  valuePhoto: 15,
  charactersRequired: 50,
  photoRequired: 1,
  expireDiscount: 30,
  customerEligibility: 'everyone',
  combinations: false,
  listCombines: [],
  discountCodePrefix: 'REVIEW',
  rewardingMethod: 'discount',
  timeUnit: 'day',
};

/** What the rule reads of a review: no rating, no text, by design. */
export interface RewardFacts {
  contentLength: number;
  mediaCount: number;
  hasEmail: boolean;
  verified: boolean;
}

export type RewardKind = 'text' | 'photo';
export type RewardDecision = { kind: RewardKind; value: number } | { kind: null; reason: 'disabled' | 'no_email' | 'not_verified' | 'too_short' | 'points' };

export function rewardFor(s: DiscountSettings, f: RewardFacts): RewardDecision {
  if (!s.enableDiscount) return { kind: null, reason: 'disabled' };
  if (s.rewardingMethod === 'points') return { kind: null, reason: 'points' };
  if (!f.hasEmail) return { kind: null, reason: 'no_email' };
  if (s.customerEligibility === 'verified' && !f.verified) return { kind: null, reason: 'not_verified' };
  if (f.contentLength < s.charactersRequired) return { kind: null, reason: 'too_short' };
  const photo = f.mediaCount >= s.photoRequired;
  const kind: RewardKind = photo ? 'photo' : 'text';
  if (s.valueMode === 'all') return { kind, value: s.valueAll };
  return { kind, value: photo ? s.valuePhoto : s.valueText };
}

export const DAY_MS = 86_400_000;
export const unitMs = (s: Pick<DiscountSettings, 'timeUnit'>) => (s.timeUnit === 'second' ? 1000 : DAY_MS);
