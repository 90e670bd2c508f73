// The onboarding plugin's contract (see README.md): the steps of its flow, which the shop's quickstart
// map (PUT /api/shops?type=updateOnboarding) records by name; the dashboard's quickstart card lists them.

/** The onboarding steps of spec section 2, in order. */
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

export type QuickstartStep = (typeof QUICKSTART_STEPS)[number];
