// The emulated store's records. Plain JSON-able data (ids as decimal strings, times as ISO
// strings) so the whole state persists as one file and reloads unchanged.

export interface AddressRecord {
  firstName: string;
  lastName: string;
  address1: string;
  city: string;
  province: string | null;
  provinceCode: string | null;
  zip: string;
  countryCode: string;
  country: string;
  phone: string | null;
  timeZone: string;
}

export interface VariantRecord {
  id: string;
  title: string;
  sku: string;
  /** GTIN (EAN-13 here), as the variant's Barcode field holds it; null: none entered */
  barcode?: string | null;
  price: string; // "18.00", the REST money format
  inventoryQuantity: number;
}

export interface ProductRecord {
  id: string;
  imageId: string;
  handle: string;
  title: string;
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  descriptionHtml: string;
  vendor: string;
  productType: string;
  tags: string[];
  color: string; // the generated image's colour, "#rrggbb"
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  variants: VariantRecord[];
}

export interface CustomerRecord {
  id: string;
  addressId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  /** Shopify's SMS marketing consent for `phone` (REST `sms_marketing_consent`); absent in older saved states */
  smsConsent?: { state: 'subscribed' | 'not_subscribed' | 'pending' | 'unsubscribed'; optInLevel: string; updatedAt: string } | null;
  locale: string;
  address: AddressRecord;
  createdAt: string;
  updatedAt: string;
}

export interface LineItemRecord {
  id: string;
  productId: string | null;
  variantId: string | null;
  title: string;
  variantTitle: string | null;
  sku: string;
  quantity: number;
  price: string;
  vendor: string;
}

export interface FulfillmentEventRecord {
  id: string;
  status: 'in_transit' | 'out_for_delivery' | 'delivered' | 'attempted_delivery' | 'failure';
  happenedAt: string;
}

export interface FulfillmentRecord {
  id: string;
  name: string; // "#1001.1"
  status: 'success' | 'cancelled';
  shipmentStatus: string | null;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
  trackingCompany: string;
  trackingNumber: string;
  events: FulfillmentEventRecord[];
}

export type FinancialStatus = 'paid' | 'partially_paid' | 'pending' | 'refunded' | 'partially_refunded' | 'voided' | 'authorized';

export interface OrderRecord {
  id: string;
  number: number; // 1001 -> name "#1001"
  token: string;
  createdAt: string;
  updatedAt: string;
  processedAt: string;
  customerId: string | null;
  email: string | null;
  customerLocale: string;
  financialStatus: FinancialStatus;
  shippingAddress: AddressRecord | null;
  lineItems: LineItemRecord[];
  fulfillments: FulfillmentRecord[];
  cancelledAt: string | null;
  test: boolean;
  /** the code used at checkout and what it took off (saved states without it: none) */
  discountCodes?: { code: string; amount: string; type: 'percentage' | 'fixed_amount' }[];
  /** the page the buyer's visit began on, path and query (REST `landing_site`; saved states without it: none) */
  landingSite?: string | null;
}

export interface MetafieldRecord {
  id: string;
  ownerId: string; // gid
  namespace: string;
  key: string;
  type: string;
  value: string;
  createdAt: string;
  updatedAt: string;
}

/** A product metafield definition, as far as the product search needs it: Shopify filters products by
 * a metafield only when its definition's adminFilterable capability is on. */
export interface MetafieldDefinitionRecord {
  id: string;
  namespace: string;
  key: string;
  name: string;
  type: string;
  adminFilterable: boolean;
}

export interface DiscountRecord {
  id: string;
  codeId: string;
  title: string;
  code: string;
  startsAt: string;
  endsAt: string | null;
  percentage: number | null;
  amount: string | null;
  appliesOncePerCustomer: boolean;
  usageLimit: number | null;
  customerIds: string[]; // gids; empty = all buyers
  combinesWith: { productDiscounts: boolean; orderDiscounts: boolean; shippingDiscounts: boolean };
  createdAt: string;
  /** orders that used it (saved states without it: none) */
  usageCount?: number;
  /** the customer gids that used it (appliesOncePerCustomer) */
  usedBy?: string[];
}

export interface SubscriptionLineItemRecord {
  id: string;
  recurring?: {
    interval: 'EVERY_30_DAYS' | 'ANNUAL';
    price: { amount: string; currencyCode: string };
    discount?: { durationLimitInIntervals: number | null; percentage: number | null; amount: string | null };
  };
  usage?: { cappedAmount: { amount: string; currencyCode: string }; terms: string };
}

/** ACCEPTED (deprecated in Shopify's enum) marks an approved replacement deferred to the next billing cycle. */
export type SubscriptionStatus = 'PENDING' | 'ACCEPTED' | 'ACTIVE' | 'DECLINED' | 'CANCELLED' | 'EXPIRED' | 'FROZEN';
export type ReplacementBehavior = 'APPLY_IMMEDIATELY' | 'APPLY_ON_NEXT_BILLING_CYCLE' | 'STANDARD';

export interface SubscriptionRecord {
  id: string;
  name: string;
  status: SubscriptionStatus;
  test: boolean;
  trialDays: number;
  returnUrl: string;
  createdAt: string;
  updatedAt: string;
  currentPeriodEnd: string | null;
  lineItems: SubscriptionLineItemRecord[];
  replacementBehavior?: ReplacementBehavior;
  /** when the merchant approved it and it began (its trial runs from here) */
  activatedAt?: string | null;
  /** when it stopped being active (cancelled, replaced, uninstalled) */
  endedAt?: string | null;
  /** an approved replacement waits until the subscription it replaces reaches this instant */
  startsAt?: string | null;
}

/** A theme file as Shopify stores it: text (JSON templates and config keep their comment header). */
export interface ThemeFileRecord {
  filename: string; // config/settings_data.json, templates/product.json, ...
  content: string;
  createdAt: string;
  updatedAt: string;
}

export type ThemeRole = 'MAIN' | 'UNPUBLISHED' | 'DEVELOPMENT' | 'DEMO';

export interface ThemeRecord {
  id: string;
  name: string;
  role: ThemeRole;
  themeStoreId: number | null;
  createdAt: string;
  updatedAt: string;
  files: ThemeFileRecord[];
}

export interface AccessTokenRecord {
  token: string;
  scope: string;
  online: boolean;
  userId: string | null;
  expiresAt: number | null; // epoch ms; null = never expires (classic offline token)
  createdAt: number;
}

export interface RefreshTokenRecord {
  token: string;
  expiresAt: number;
}

export interface StaffRecord {
  id: string; // small: Shopify user ids fit a double, and the library reads them as numbers
  firstName: string;
  lastName: string;
  email: string;
  accountOwner: boolean;
  locale: string;
}

export interface ShopPlan {
  displayName: string;
  partnerDevelopment: boolean;
  shopifyPlus: boolean;
  shopifyPlan: string; // REST plan_name: basic, partner_test, ...
}

/** One metaobject: its fields' values by key (as Shopify stores them: strings). */
export interface MetaobjectRecord {
  id: string;
  type: string;
  handle: string;
  fields: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}

export interface MetaobjectDefinitionRecord {
  id: string;
  type: string;
  createdAt: string;
}

export interface ShopRecord {
  id: string;
  domain: string; // plaudit-demo.myshopify.com
  name: string;
  email: string;
  ownerName: string;
  ianaTimezone: string;
  currencyCode: string;
  primaryLocale: string;
  locales: { locale: string; name: string; primary: boolean; published: boolean }[];
  plan: ShopPlan;
  address: AddressRecord;
  createdAt: string;
  installationId: string;
  installed: boolean;
  scopes: string;
  staff: StaffRecord[];
  products: ProductRecord[];
  customers: CustomerRecord[];
  orders: OrderRecord[];
  metafields: MetafieldRecord[];
  /** product metafield definitions (saved states without them: none) */
  metafieldDefinitions?: MetafieldDefinitionRecord[];
  discounts: DiscountRecord[];
  /** metaobjects and the definitions enabled (the standard product_review; states saved before get none on load) */
  metaobjects: MetaobjectRecord[];
  metaobjectDefinitions: MetaobjectDefinitionRecord[];
  subscriptions: SubscriptionRecord[];
  /** the online store's themes; one has the role MAIN (states saved before themes existed get one on load) */
  themes: ThemeRecord[];
  accessTokens: AccessTokenRecord[];
  refreshTokens: RefreshTokenRecord[];
  nextOrderNumber: number;
}

export interface EmulatorState {
  version: 1;
  nextId: string;
  shops: Record<string, ShopRecord>;
}

export interface Logger {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
  debug(...a: unknown[]): void;
}
