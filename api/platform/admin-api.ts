// Admin GraphQL calls for one shop through its offline token: transparent token refresh, retries
// on throttling, and userErrors surfaced as PlatformUserError.
import { GraphqlQueryError, HttpResponseError, type Shopify } from '@shopify/shopify-api';
import * as Q from './admin-queries';
import type { TokenStore } from './token-store';

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
  hasPreviousPage: boolean;
  startCursor: string | null;
}

export interface UserError {
  field?: string[] | null;
  message: string;
  code?: string | null;
}

export class PlatformUserError extends Error {
  constructor(readonly userErrors: UserError[]) {
    super(userErrors.map((e) => e.message).join('; '));
    this.name = 'PlatformUserError';
  }
}

const THROTTLE_RETRIES = 4;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function isThrottled(err: unknown): boolean {
  if (err instanceof GraphqlQueryError) {
    const errors = (err.body as { errors?: { graphQLErrors?: { extensions?: { code?: string } }[] } })?.errors;
    return JSON.stringify(errors ?? err.body ?? '').includes('THROTTLED');
  }
  return err instanceof HttpResponseError && err.response.code === 429;
}

export class AdminApi {
  constructor(
    private readonly shopify: Shopify,
    private readonly tokens: TokenStore,
    readonly shopDomain: string,
  ) {}

  async graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      const session = await this.tokens.offlineSession(this.shopDomain, false);
      const client = new this.shopify.clients.Graphql({ session });
      try {
        const res = await client.request<T>(query, { variables, retries: 2 });
        return res.data as T;
      } catch (err) {
        if (err instanceof HttpResponseError && err.response.code === 401 && !refreshed) {
          refreshed = true;
          await this.tokens.offlineSession(this.shopDomain, true);
          continue;
        }
        if (isThrottled(err) && attempt < THROTTLE_RETRIES) {
          await sleep(250 * 2 ** attempt);
          continue;
        }
        throw err;
      }
    }
  }

  private static check<T extends { userErrors: UserError[] }>(payload: T): T {
    if (payload.userErrors?.length) throw new PlatformUserError(payload.userErrors);
    return payload;
  }

  shopInfo() {
    return this.graphql<{
      shop: { id: string; name: string; email: string; myshopifyDomain: string; ianaTimezone: string; timezoneAbbreviation: string; currencyCode: string; primaryDomain: { host: string }; plan: { displayName: string; partnerDevelopment: boolean } };
      shopLocales: { locale: string; primary: boolean; published: boolean }[];
    }>(Q.SHOP_INFO);
  }

  async products(o: { first: number; after?: string; query?: string; sortKey?: string; reverse?: boolean }) {
    return (await this.graphql<{ products: { nodes: PlatformProduct[]; pageInfo: PageInfo } }>(Q.PRODUCTS, o)).products;
  }

  async customers(o: { first: number; query?: string }) {
    return (await this.graphql<{ customers: { nodes: PlatformCustomer[] } }>(Q.CUSTOMERS, o)).customers.nodes;
  }

  /** Orders created since `since` (the old-orders card reads the last 60 days), newest first. */
  async ordersSince(since: Date, o: { first: number; after?: string }) {
    const query = `created_at:>=${since.toISOString().slice(0, 10)}`;
    return (await this.graphql<{ orders: { nodes: PlatformOrder[]; pageInfo: PageInfo } }>(Q.ORDERS, { ...o, query })).orders;
  }

  async ordersCountSince(since: Date): Promise<number> {
    const query = `created_at:>=${since.toISOString().slice(0, 10)}`;
    return (await this.graphql<{ ordersCount: { count: number } }>(Q.ORDERS_COUNT, { query })).ordersCount.count;
  }

  async order(id: string) {
    return (await this.graphql<{ order: PlatformOrder | null }>(Q.ORDER, { id })).order;
  }

  async createDiscountCode(basicCodeDiscount: Record<string, unknown>) {
    const r = await this.graphql<{ discountCodeBasicCreate: { codeDiscountNode: { id: string } | null; userErrors: UserError[] } }>(Q.DISCOUNT_CODE_CREATE, { basicCodeDiscount });
    return AdminApi.check(r.discountCodeBasicCreate).codeDiscountNode!;
  }

  async createSubscription(input: { name: string; returnUrl: string; test?: boolean; trialDays?: number; lineItems: unknown[] }) {
    const r = await this.graphql<{ appSubscriptionCreate: { appSubscription: { id: string; status: string }; confirmationUrl: string; userErrors: UserError[] } }>(Q.SUBSCRIPTION_CREATE, input);
    return AdminApi.check(r.appSubscriptionCreate);
  }

  async activeSubscriptions() {
    const r = await this.graphql<{ currentAppInstallation: { activeSubscriptions: { id: string; name: string; status: string; trialDays: number; currentPeriodEnd: string | null; test: boolean }[] } }>(Q.ACTIVE_SUBSCRIPTIONS);
    return r.currentAppInstallation.activeSubscriptions;
  }

  async cancelSubscription(id: string) {
    const r = await this.graphql<{ appSubscriptionCancel: { appSubscription: { id: string; status: string }; userErrors: UserError[] } }>(Q.SUBSCRIPTION_CANCEL, { id });
    return AdminApi.check(r.appSubscriptionCancel).appSubscription;
  }

  /**
   * Sets metafields of any owners (products, the shop) in one call: at most 25, all or nothing, as
   * Shopify's metafieldsSet takes them.
   */
  async setMetafields(metafields: { ownerId: string; namespace: string; key: string; type: string; value: string }[]) {
    if (!metafields.length) return;
    if (metafields.length > 25) throw new Error('metafieldsSet takes at most 25 metafields');
    const r = await this.graphql<{ metafieldsSet: { userErrors: UserError[] } }>(Q.METAFIELDS_SET, { metafields });
    AdminApi.check(r.metafieldsSet);
  }

  /** The product metafields themes and Google read: reviews.rating and reviews.rating_count. */
  async setProductRating(productGid: string, average: number, count: number) {
    const r = await this.graphql<{ metafieldsSet: { userErrors: UserError[] } }>(Q.METAFIELDS_SET, {
      metafields: [
        { ownerId: productGid, namespace: 'reviews', key: 'rating', type: 'rating', value: JSON.stringify({ value: average.toFixed(2), scale_min: '1.0', scale_max: '5.0' }) },
        { ownerId: productGid, namespace: 'reviews', key: 'rating_count', type: 'number_integer', value: String(count) },
      ],
    });
    AdminApi.check(r.metafieldsSet);
  }
}

export interface PlatformProduct {
  id: string;
  title: string;
  handle: string;
  status: string;
  featuredMedia: { preview: { image: { url: string; altText: string | null } | null } | null } | null;
}

export interface PlatformCustomer {
  id: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string;
  defaultEmailAddress: { emailAddress: string } | null;
}

export interface PlatformOrder {
  id: string;
  name: string;
  createdAt: string;
  email: string | null;
  displayFinancialStatus: string;
  displayFulfillmentStatus: string;
  currentTotalPriceSet: { shopMoney: { amount: string; currencyCode: string } };
  customer: { id: string; firstName: string | null; lastName: string | null } | null;
  shippingAddress: { countryCodeV2: string } | null;
  lineItems: { nodes: { id: string; title: string; quantity: number; product: { id: string } | null; variant: { id: string } | null; image: { url: string; altText: string | null } | null }[] };
  fulfillments: { createdAt: string; deliveredAt: string | null; displayStatus: string }[];
}
