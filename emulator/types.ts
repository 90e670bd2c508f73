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

export type SubscriptionStatus = 'PENDING' | 'ACTIVE' | 'DECLINED' | 'CANCELLED' | 'EXPIRED' | 'FROZEN';

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
  discounts: DiscountRecord[];
  subscriptions: SubscriptionRecord[];
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
