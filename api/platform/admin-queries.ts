// The Admin GraphQL the features need (SHOPIFY.md), in one place so the shapes are easy to audit.
export const SHOP_INFO = `query ShopInfo {
  shop { id name email myshopifyDomain ianaTimezone timezoneAbbreviation currencyCode
         primaryDomain { host } plan { displayName partnerDevelopment } }
  shopLocales { locale primary published }
}`;

export const PRODUCTS = `query Products($first: Int, $after: String, $last: Int, $before: String, $query: String, $sortKey: ProductSortKeys, $reverse: Boolean) {
  products(first: $first, after: $after, last: $last, before: $before, query: $query, sortKey: $sortKey, reverse: $reverse) {
    nodes { id title handle status updatedAt featuredMedia { preview { image { url altText } } } }
    pageInfo { hasNextPage endCursor hasPreviousPage startCursor }
  }
}`;

export const CUSTOMERS = `query Customers($first: Int!, $query: String) {
  customers(first: $first, query: $query) {
    nodes { id firstName lastName displayName defaultEmailAddress { emailAddress } }
  }
}`;

const ORDER_FIELDS = `id name createdAt email displayFinancialStatus displayFulfillmentStatus
  currentTotalPriceSet { shopMoney { amount currencyCode } }
  customer { id firstName lastName }
  shippingAddress { countryCodeV2 }
  lineItems(first: 10) { nodes { id title quantity product { id } variant { id } image { url altText } } }
  fulfillments { createdAt deliveredAt displayStatus }`;

export const ORDERS = `query Orders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT, reverse: true) {
    nodes { ${ORDER_FIELDS} }
    pageInfo { hasNextPage endCursor hasPreviousPage startCursor }
  }
}`;

export const ORDERS_COUNT = `query OrdersCount($query: String) { ordersCount(query: $query, limit: 10000) { count precision } }`;

export const ORDER = `query Order($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`;

export const DISCOUNT_CODE_CREATE = `mutation DiscountCodeCreate($basicCodeDiscount: DiscountCodeBasicInput!) {
  discountCodeBasicCreate(basicCodeDiscount: $basicCodeDiscount) {
    codeDiscountNode { id }
    userErrors { field message code }
  }
}`;

const DISCOUNT_USAGE = 'id codeDiscount { ... on DiscountCodeBasic { asyncUsageCount status } }';

export const DISCOUNT_BY_CODE = `query DiscountByCode($code: String!) { codeDiscountNodeByCode(code: $code) { ${DISCOUNT_USAGE} } }`;

export const DISCOUNT_NODE = `query DiscountNode($id: ID!) { codeDiscountNode(id: $id) { ${DISCOUNT_USAGE} } }`;

export const DISCOUNT_CODE_DELETE = `mutation DiscountCodeDelete($id: ID!) {
  discountCodeDelete(id: $id) { deletedCodeDiscountId userErrors { field message code } }
}`;

export const SUBSCRIPTION_CREATE = `mutation SubscriptionCreate($name: String!, $returnUrl: URL!, $test: Boolean, $trialDays: Int, $lineItems: [AppSubscriptionLineItemInput!]!, $replacementBehavior: AppSubscriptionReplacementBehavior) {
  appSubscriptionCreate(name: $name, returnUrl: $returnUrl, test: $test, trialDays: $trialDays, lineItems: $lineItems, replacementBehavior: $replacementBehavior) {
    appSubscription { id status }
    confirmationUrl
    userErrors { field message }
  }
}`;

export const ACTIVE_SUBSCRIPTIONS = `query ActiveSubscriptions {
  currentAppInstallation { activeSubscriptions { id name status trialDays currentPeriodEnd test createdAt
    lineItems { plan { pricingDetails { ... on AppRecurringPricing { interval price { amount currencyCode }
      discount { durationLimitInIntervals remainingDurationInIntervals value { ... on AppSubscriptionDiscountPercentage { percentage } ... on AppSubscriptionDiscountAmount { amount { amount } } } } } } } } } }
}`;

export const SUBSCRIPTION_CANCEL = `mutation SubscriptionCancel($id: ID!) {
  appSubscriptionCancel(id: $id) { appSubscription { id status } userErrors { field message } }
}`;

export const METAFIELDS_SET = `mutation MetafieldsSet($metafields: [MetafieldsSetInput!]!) {
  metafieldsSet(metafields: $metafields) { metafields { key namespace value } userErrors { field message code } }
}`;

// The live theme's files (read_themes): app embeds in config/settings_data.json, app blocks in templates/*.json.
export const MAIN_THEME_FILES = `query MainThemeFiles($filenames: [String!]!) {
  themes(first: 1, roles: [MAIN]) {
    nodes {
      id name
      files(filenames: $filenames, first: 10) {
        nodes { filename body { ... on OnlineStoreThemeFileBodyText { content } } }
      }
    }
  }
}`;

export const FLOW_TRIGGER_RECEIVE = `mutation FlowTriggerReceive($handle: String!, $payload: JSON!) {
  flowTriggerReceive(handle: $handle, payload: $payload) { userErrors { field message } }
}`;
