// Admin GraphQL calls for one shop through its offline token: transparent token refresh, retries
// on throttling, and userErrors surfaced as PlatformUserError.
import { GraphqlQueryError, HttpResponseError, type Shopify } from '@shopify/shopify-api';
import * as Q from './admin-queries';
import { appBlockPlaced, appEmbedState, parseThemeJson, type EmbedState } from './theme-files';
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

/** Shopify still throttled the shop after our retries: the caller may try again after `retryAfterS`. */
export class PlatformThrottledError extends Error {
  readonly retryAfterS = 2;
  constructor(readonly shop: string) {
    super(`Shopify throttled ${shop} after retries`);
    this.name = 'PlatformThrottledError';
  }
}

/** Shopify refused a page cursor the caller sent (garbage, or one of another query). */
export class PlatformInvalidCursorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlatformInvalidCursorError';
  }
}

function isInvalidCursor(err: unknown): err is GraphqlQueryError {
  if (!(err instanceof GraphqlQueryError)) return false;
  const errors = (err.body as { errors?: { graphQLErrors?: { message?: string }[] } })?.errors?.graphQLErrors ?? [];
  return errors.some((e) => /invalid cursor/i.test(e.message ?? ''));
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

/** Shopify's leaky bucket as its last answer reported it (`extensions.cost.throttleStatus`). */
export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export class AdminApi {
  /** The points this instance's calls cost (`actualQueryCost`), for callers pacing a long job. */
  spent = 0;
  /** The bucket after this instance's last answered call: the shop plan's size and restore rate. */
  throttle: ThrottleStatus | undefined;

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
        this.noteCost(res.extensions?.cost as { actualQueryCost?: number | null; throttleStatus?: ThrottleStatus } | undefined);
        return res.data as T;
      } catch (err) {
        if (err instanceof HttpResponseError && err.response.code === 401 && !refreshed) {
          refreshed = true;
          await this.tokens.offlineSession(this.shopDomain, true);
          continue;
        }
        if (isThrottled(err)) {
          if (attempt >= THROTTLE_RETRIES) throw new PlatformThrottledError(this.shopDomain);
          await sleep(250 * 2 ** attempt);
          continue;
        }
        if (isInvalidCursor(err)) throw new PlatformInvalidCursorError(err.message);
        throw err;
      }
    }
  }

  private noteCost(cost: { actualQueryCost?: number | null; throttleStatus?: ThrottleStatus } | undefined) {
    if (!cost) return;
    this.spent += cost.actualQueryCost ?? 0;
    if (cost.throttleStatus) this.throttle = cost.throttleStatus;
  }

  private static check<T extends { userErrors: UserError[] }>(payload: T): T {
    if (payload.userErrors?.length) throw new PlatformUserError(payload.userErrors);
    return payload;
  }

  shopInfo() {
    return this.graphql<{
      shop: {
        id: string;
        name: string;
        email: string;
        myshopifyDomain: string;
        ianaTimezone: string;
        timezoneAbbreviation: string;
        currencyCode: string;
        primaryDomain: { host: string };
        plan: { displayName: string; partnerDevelopment: boolean };
      };
      shopLocales: { locale: string; primary: boolean; published: boolean }[];
    }>(Q.SHOP_INFO);
  }

  /** One page: `first` (after `after`) or, paging back, `last` (before `before`). */
  async products(o: ({ first: number; after?: string } | { last: number; before: string }) & { query?: string; sortKey?: string; reverse?: boolean }) {
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
    const r = await this.graphql<{ discountCodeBasicCreate: { codeDiscountNode: { id: string } | null; userErrors: UserError[] } }>(Q.DISCOUNT_CODE_CREATE, {
      basicCodeDiscount,
    });
    return AdminApi.check(r.discountCodeBasicCreate).codeDiscountNode!;
  }

  /**
   * The code's DiscountCodeNode id, how often it was used and its status (ACTIVE, EXPIRED, SCHEDULED);
   * null when the shop has no such code (codes are matched case-insensitively). Shopify counts uses
   * asynchronously: an order's use shows in `asyncUsageCount` shortly after the order.
   */
  async discountByCode(code: string): Promise<{ id: string; asyncUsageCount: number; status: string } | null> {
    const node = (await this.graphql<{ codeDiscountNodeByCode: DiscountNode | null }>(Q.DISCOUNT_BY_CODE, { code })).codeDiscountNodeByCode;
    return node && { id: node.id, ...usageOf(node) };
  }

  /** How often the code discount `id` (a DiscountCodeNode gid) was used and its status; null when it does not exist (deleted). */
  async discountUsage(id: string): Promise<{ asyncUsageCount: number; status: string } | null> {
    const node = (await this.graphql<{ codeDiscountNode: DiscountNode | null }>(Q.DISCOUNT_NODE, { id })).codeDiscountNode;
    return node && usageOf(node);
  }

  /** Deletes the code discount `id` (a DiscountCodeNode gid); an unknown id throws PlatformUserError ('Discount does not exist'). */
  async deleteDiscount(id: string): Promise<void> {
    const r = await this.graphql<{ discountCodeDelete: { deletedCodeDiscountId: string | null; userErrors: UserError[] } }>(Q.DISCOUNT_CODE_DELETE, { id });
    AdminApi.check(r.discountCodeDelete);
  }

  /** Starts the shop's Flow workflows that begin with the app's trigger `handle` (an extensions/ flow_trigger); payload under 50 KB. */
  async flowTriggerReceive(handle: string, payload: Record<string, unknown>): Promise<void> {
    const r = await this.graphql<{ flowTriggerReceive: { userErrors: UserError[] } }>(Q.FLOW_TRIGGER_RECEIVE, { handle, payload });
    AdminApi.check(r.flowTriggerReceive);
  }

  async createSubscription(input: {
    name: string;
    returnUrl: string;
    test?: boolean;
    trialDays?: number;
    lineItems: unknown[];
    replacementBehavior?: 'STANDARD' | 'APPLY_IMMEDIATELY' | 'APPLY_ON_NEXT_BILLING_CYCLE';
  }) {
    const r = await this.graphql<{
      appSubscriptionCreate: { appSubscription: { id: string; status: string }; confirmationUrl: string; userErrors: UserError[] };
    }>(Q.SUBSCRIPTION_CREATE, input);
    return AdminApi.check(r.appSubscriptionCreate);
  }

  async activeSubscriptions() {
    const r = await this.graphql<{ currentAppInstallation: { activeSubscriptions: ActiveSubscription[] } }>(Q.ACTIVE_SUBSCRIPTIONS);
    return r.currentAppInstallation.activeSubscriptions;
  }

  async cancelSubscription(id: string) {
    const r = await this.graphql<{ appSubscriptionCancel: { appSubscription: { id: string; status: string }; userErrors: UserError[] } }>(
      Q.SUBSCRIPTION_CANCEL,
      { id },
    );
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

  /**
   * The main (live) theme's text files by name, null for a file it lacks; undefined when the store
   * has no main theme. Used to read where the app's theme app extension is placed (theme-files.ts).
   */
  async mainThemeFiles(filenames: string[]): Promise<{ themeId: string; themeName: string; files: Record<string, string | null> } | undefined> {
    const r = await this.graphql<{
      themes: { nodes: { id: string; name: string; files: { nodes: { filename: string; body: { content?: string } }[] } | null }[] } | null;
    }>(Q.MAIN_THEME_FILES, { filenames });
    const theme = r.themes?.nodes[0];
    if (!theme) return undefined;
    const files = Object.fromEntries(filenames.map((name) => [name, theme.files?.nodes.find((f) => f.filename === name)?.body.content ?? null]));
    return { themeId: theme.id, themeName: theme.name, files };
  }

  /**
   * Where the app's theme app extension shows in the live theme: each app embed's state (on, off,
   * absent) and whether each app block is placed in its template.
   */
  async themeIntegration(want: { embeds: string[]; blocks: { template: string; handle: string }[] }): Promise<ThemeIntegration | undefined> {
    const templates = [...new Set(want.blocks.map((b) => `templates/${b.template}.json`))];
    const theme = await this.mainThemeFiles([SETTINGS_DATA, ...templates]);
    if (!theme) return undefined;
    const settings = parseThemeJson(theme.files[SETTINGS_DATA]);
    return {
      themeName: theme.themeName,
      embeds: Object.fromEntries(want.embeds.map((h) => [h, appEmbedState(settings, h)])),
      blocks: want.blocks.map((b) => ({ ...b, placed: appBlockPlaced(parseThemeJson(theme.files[`templates/${b.template}.json`]), b.handle) })),
    };
  }

  /** The product metafields themes and Google read: reviews.rating and reviews.rating_count. */
  async setProductRating(productGid: string, average: number, count: number) {
    const r = await this.graphql<{ metafieldsSet: { userErrors: UserError[] } }>(Q.METAFIELDS_SET, {
      metafields: [
        {
          ownerId: productGid,
          namespace: 'reviews',
          key: 'rating',
          type: 'rating',
          value: JSON.stringify({ value: average.toFixed(2), scale_min: '1.0', scale_max: '5.0' }),
        },
        { ownerId: productGid, namespace: 'reviews', key: 'rating_count', type: 'number_integer', value: String(count) },
      ],
    });
    AdminApi.check(r.metafieldsSet);
  }
}

const SETTINGS_DATA = 'config/settings_data.json';

export interface ThemeIntegration {
  themeName: string;
  embeds: Record<string, EmbedState>;
  blocks: { template: string; handle: string; placed: boolean }[];
}

// codeDiscount is a union: only DiscountCodeBasic (the codes the app creates) carries the fields read
type DiscountNode = { id: string; codeDiscount: { asyncUsageCount?: number; status?: string } };
/** A code's node as discountByCode answers it. */
export type DiscountUsage = { id: string; asyncUsageCount: number; status: string };

function usageOf(node: DiscountNode): { asyncUsageCount: number; status: string } {
  return { asyncUsageCount: node.codeDiscount.asyncUsageCount ?? 0, status: node.codeDiscount.status ?? 'ACTIVE' };
}

export interface PlatformProduct {
  id: string;
  title: string;
  handle: string;
  status: string;
  updatedAt: string;
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
  lineItems: {
    nodes: {
      id: string;
      title: string;
      quantity: number;
      product: { id: string } | null;
      variant: { id: string } | null;
      image: { url: string; altText: string | null } | null;
    }[];
  };
  fulfillments: { createdAt: string; deliveredAt: string | null; displayStatus: string }[];
}

/** An app subscription as currentAppInstallation.activeSubscriptions reports it. */
export interface ActiveSubscription {
  id: string;
  name: string;
  status: string;
  trialDays: number;
  currentPeriodEnd: string | null;
  test: boolean;
  createdAt: string;
  lineItems: {
    plan: {
      pricingDetails: {
        interval?: 'EVERY_30_DAYS' | 'ANNUAL';
        price?: { amount: string; currencyCode: string };
        discount?: {
          durationLimitInIntervals: number | null;
          remainingDurationInIntervals: number | null;
          value: { percentage?: number; amount?: { amount: string } };
        } | null;
      };
    };
  }[];
}
