export interface SurveyWidgetState {
  closedAt: string | null;
  closeCount: number;
  isSubmitted: boolean;
}

/** The onboarding steps of spec section 2, in order; the shop's quickstart map marks them done. */
export const QUICKSTART_STEPS = [
  'businessType',
  'sellingMarket',
  'appEmbed',
  'reviewBox',
  'starRating',
  'widgetColor',
  'customerEligibility',
  'requestTiming',
  'discount',
  'oldOrders',
  'planChoice',
] as const;
