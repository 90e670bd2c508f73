// The Admin GraphQL subset for what an app does to a shop: its installation and billing, discount
// codes and metafields, and the mutations that change them.
import { connection } from './sdl-store';

export const APP_SDL = `
type UserError implements DisplayableError { field: [String!] message: String! }

type App implements Node { id: ID! title: String! handle: String apiKey: String }
type AccessScope { handle: String! description: String! }
enum AppSubscriptionSortKeys { CREATED_AT ID RELEVANCE }
type AppInstallation implements Node {
  id: ID! app: App! launchUrl: URL! accessScopes: [AccessScope!]! activeSubscriptions: [AppSubscription!]!
  allSubscriptions(first: Int, after: String, last: Int, before: String, reverse: Boolean = false, sortKey: AppSubscriptionSortKeys = CREATED_AT): AppSubscriptionConnection!
  metafield(namespace: String, key: String!): Metafield
  metafields(first: Int, after: String, last: Int, before: String, namespace: String, keys: [String!]): MetafieldConnection!
}
enum AppSubscriptionStatus { ACCEPTED ACTIVE CANCELLED DECLINED EXPIRED FROZEN PENDING }
enum AppPricingInterval { ANNUAL EVERY_30_DAYS }
enum AppSubscriptionReplacementBehavior { APPLY_IMMEDIATELY APPLY_ON_NEXT_BILLING_CYCLE STANDARD }
type AppSubscription implements Node {
  id: ID! name: String! status: AppSubscriptionStatus! test: Boolean! trialDays: Int! currentPeriodEnd: DateTime
  createdAt: DateTime! returnUrl: URL! lineItems: [AppSubscriptionLineItem!]!
}
type AppSubscriptionLineItem { id: ID! plan: AppPlanV2! }
type AppPlanV2 { pricingDetails: AppPricingDetails! }
union AppPricingDetails = AppRecurringPricing | AppUsagePricing
type AppRecurringPricing { interval: AppPricingInterval! price: MoneyV2! discount: AppSubscriptionDiscount planHandle: String }
type AppUsagePricing { balanceUsed: MoneyV2! cappedAmount: MoneyV2! interval: AppPricingInterval! terms: String! }
type AppSubscriptionDiscount {
  durationLimitInIntervals: Int remainingDurationInIntervals: Int priceAfterDiscount: MoneyV2! value: AppSubscriptionDiscountValue!
}
union AppSubscriptionDiscountValue = AppSubscriptionDiscountAmount | AppSubscriptionDiscountPercentage
type AppSubscriptionDiscountAmount { amount: MoneyV2! }
type AppSubscriptionDiscountPercentage { percentage: Float! }
input MoneyInput { amount: Decimal! currencyCode: CurrencyCode! }
input AppSubscriptionLineItemInput { plan: AppPlanInput! }
input AppPlanInput { appRecurringPricingDetails: AppRecurringPricingInput appUsagePricingDetails: AppUsagePricingInput }
input AppRecurringPricingInput { price: MoneyInput! interval: AppPricingInterval = EVERY_30_DAYS discount: AppSubscriptionDiscountInput planHandle: String }
input AppSubscriptionDiscountInput { value: AppSubscriptionDiscountValueInput durationLimitInIntervals: Int }
input AppSubscriptionDiscountValueInput { amount: Decimal percentage: Float }
input AppUsagePricingInput { cappedAmount: MoneyInput! terms: String! }
type AppSubscriptionCreatePayload { appSubscription: AppSubscription confirmationUrl: URL userErrors: [UserError!]! }
type AppSubscriptionCancelPayload { appSubscription: AppSubscription userErrors: [UserError!]! }

enum DiscountStatus { ACTIVE EXPIRED SCHEDULED }
enum DiscountBuyerSelection { ALL }
enum DiscountErrorCode {
  ACTIVE_PERIOD_OVERLAP BLANK CONFLICT DUPLICATE EQUAL_TO EXCEEDED_MAX GREATER_THAN GREATER_THAN_OR_EQUAL_TO
  IMPLICIT_DUPLICATE INCLUSION INTERNAL_ERROR INVALID INVALID_COMBINES_WITH_FOR_DISCOUNT_CLASS LESS_THAN
  LESS_THAN_OR_EQUAL_TO MAX_APP_DISCOUNTS MINIMUM_SUBTOTAL_AND_QUANTITY_RANGE_BOTH_PRESENT MISSING_ARGUMENT
  PRESENT TAKEN TOO_LONG TOO_MANY_ARGUMENTS TOO_SHORT VALUE_OUTSIDE_RANGE
}
type DiscountUserError implements DisplayableError { code: DiscountErrorCode extraInfo: String field: [String!] message: String! }
input DiscountCodeBasicInput {
  title: String code: String startsAt: DateTime endsAt: DateTime context: DiscountContextInput
  customerSelection: DiscountCustomerSelectionInput customerGets: DiscountCustomerGetsInput
  minimumRequirement: DiscountMinimumRequirementInput appliesOncePerCustomer: Boolean usageLimit: Int
  combinesWith: DiscountCombinesWithInput recurringCycleLimit: Int
}
input DiscountContextInput { all: DiscountBuyerSelection customers: DiscountCustomersInput customerSegments: DiscountCustomerSegmentsInput }
input DiscountCustomerSelectionInput { all: Boolean customers: DiscountCustomersInput customerSegments: DiscountCustomerSegmentsInput }
input DiscountCustomersInput { add: [ID!] remove: [ID!] }
input DiscountCustomerSegmentsInput { add: [ID!] remove: [ID!] }
input DiscountCustomerGetsInput { value: DiscountCustomerGetsValueInput items: DiscountItemsInput appliesOnOneTimePurchase: Boolean appliesOnSubscription: Boolean }
input DiscountCustomerGetsValueInput { percentage: Float discountAmount: DiscountAmountInput }
input DiscountAmountInput { amount: Decimal appliesOnEachItem: Boolean }
input DiscountItemsInput { all: Boolean products: DiscountProductsInput collections: DiscountCollectionsInput }
input DiscountProductsInput { productsToAdd: [ID!] productsToRemove: [ID!] productVariantsToAdd: [ID!] productVariantsToRemove: [ID!] }
input DiscountCollectionsInput { add: [ID!] remove: [ID!] }
input DiscountMinimumRequirementInput { quantity: DiscountMinimumQuantityInput subtotal: DiscountMinimumSubtotalInput }
input DiscountMinimumQuantityInput { greaterThanOrEqualToQuantity: UnsignedInt64 }
input DiscountMinimumSubtotalInput { greaterThanOrEqualToSubtotal: Decimal }
input DiscountCombinesWithInput { productDiscounts: Boolean orderDiscounts: Boolean shippingDiscounts: Boolean }
type DiscountCodeNode implements Node { id: ID! codeDiscount: DiscountCode! }
union DiscountCode = DiscountCodeBasic
type DiscountCodeBasic {
  title: String! codes(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): DiscountRedeemCodeConnection!
  codesCount: Count startsAt: DateTime! endsAt: DateTime status: DiscountStatus! summary: String! usageLimit: Int
  appliesOncePerCustomer: Boolean! asyncUsageCount: Int! createdAt: DateTime! updatedAt: DateTime!
  customerGets: DiscountCustomerGets! combinesWith: DiscountCombinesWith!
}
type DiscountRedeemCode { id: ID! code: String! asyncUsageCount: Int! }
type DiscountCustomerGets { value: DiscountCustomerGetsValue! }
union DiscountCustomerGetsValue = DiscountAmount | DiscountPercentage
type DiscountAmount { amount: MoneyV2! appliesOnEachItem: Boolean! }
type DiscountPercentage { percentage: Float! }
type DiscountCombinesWith { orderDiscounts: Boolean! productDiscounts: Boolean! shippingDiscounts: Boolean! }
type DiscountCodeBasicCreatePayload { codeDiscountNode: DiscountCodeNode userErrors: [DiscountUserError!]! }
type DiscountCodeDeletePayload { deletedCodeDiscountId: ID userErrors: [DiscountUserError!]! }

input MetafieldsSetInput { ownerId: ID! namespace: String key: String! value: String! type: String compareDigest: String }
enum MetafieldsSetUserErrorCode {
  APP_NOT_AUTHORIZED BLANK CAPABILITY_VIOLATION INCLUSION INTERNAL_ERROR INVALID_COMPARE_DIGEST INVALID_TYPE
  INVALID_VALUE LESS_THAN_OR_EQUAL_TO PRESENT STALE_OBJECT TAKEN TOO_LONG TOO_SHORT
}
type MetafieldsSetUserError implements DisplayableError { code: MetafieldsSetUserErrorCode elementIndex: Int field: [String!] message: String! }
type MetafieldsSetPayload { metafields: [Metafield!] userErrors: [MetafieldsSetUserError!]! }

type Mutation {
  appSubscriptionCreate(name: String!, lineItems: [AppSubscriptionLineItemInput!]!, returnUrl: URL!, test: Boolean, trialDays: Int, replacementBehavior: AppSubscriptionReplacementBehavior = STANDARD): AppSubscriptionCreatePayload
  appSubscriptionCancel(id: ID!, prorate: Boolean = false): AppSubscriptionCancelPayload
  discountCodeBasicCreate(basicCodeDiscount: DiscountCodeBasicInput!): DiscountCodeBasicCreatePayload
  discountCodeDelete(id: ID!): DiscountCodeDeletePayload
  metafieldsSet(metafields: [MetafieldsSetInput!]!): MetafieldsSetPayload
}

schema { query: QueryRoot mutation: Mutation }
${['AppSubscription', 'DiscountRedeemCode'].map(connection).join('')}
`;
