// The contract an integrator writes against on the API side: plugins/<id>/api/index.ts
// default-exports `defineApiPlugin({...})`. See docs/plugins.md.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Knex } from 'knex';
import type { Tenant } from '../auth/tenant';
import type { Platform } from '../platform';
import type { Model } from 'objection';
import type { Config } from '../config';
import type { EventBus, EventHandler } from '../events';
import type { AppRouter } from '../http/types';
import type { Logger } from '../log';
import type { TemporalGateway } from '../temporal/connection';

/** What the kernel hands every plugin. */
export interface ApiServices {
  config: Config;
  log: Logger;
  knex: Knex;
  temporal: TemporalGateway;
  events: EventBus;
  /** the store platform (Shopify); undefined when no Shopify credentials are configured */
  platform?: Platform;
  /** published reviews for the storefront, from the plugin that owns reviews (undefined without one) */
  reviewFeed?: ReviewFeed;
}

/** Per-product rating counts from our reviews (average, count, distribution 5..1). */
export interface ProductSummary {
  productId: string;
  count: number;
  average: number;
  stars: Record<1 | 2 | 3 | 4 | 5, number>;
}

/**
 * A published review as shoppers may see it: no email, no order ids, the reviewer shown by first
 * name and last initial. The storefront (widgets, feeds, JSON-LD) never sees more than this.
 */
export interface PublicReview {
  id: number;
  kind: 'product' | 'store';
  productId: string | null;
  productTitle: string | null;
  productHandle: string | null;
  rating: number;
  title: string | null;
  content: string;
  /** "Ada L." */
  author: string;
  country: string | null;
  locale: string | null;
  variants: string[];
  media: { url: string; type: 'image' | 'video' }[];
  verified: boolean;
  featured: boolean;
  pinned: boolean;
  reply: { content: string; at: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** featured: pinned, then featured, then newest (the storefront default). */
export type FeedSort = 'featured' | 'newest' | 'highest' | 'lowest' | 'media';

export interface ReviewFeedQuery {
  /** a product's reviews; null: reviews of the store itself; undefined: every published review */
  productId?: string | null;
  /** only product reviews or only store reviews (all-reviews page `include`) */
  kind?: 'product' | 'store';
  sort?: FeedSort;
  /** only these star ratings */
  stars?: number[];
  withMedia?: boolean;
  testimonial?: boolean;
  /** only these reviews (testimonials with selected reviews) */
  ids?: number[];
  /** only reviews about these products */
  productIds?: string[];
  /** leave out the demo reviews a shop starts with (feeds sent to Google) */
  excludeDemo?: boolean;
  /** a customer's own reviews (customer portal), by Shopify customer id or email */
  customer?: { id?: string | null; email?: string | null };
  limit: number;
  /** opaque cursor from a previous page's nextCursor */
  after?: string | null;
}

export interface ReviewFeedPage {
  items: PublicReview[];
  nextCursor: string | null;
}

/**
 * What the plugin owning reviews offers the storefront. `version` changes whenever anything a
 * shopper could see changes (any write to a shop's reviews), so readers can cache by it; writers
 * also NOTIFY `reviewFeedChannel` with the shop id as payload.
 */
export interface ReviewFeed {
  reviews(tenant: Tenant, query: ReviewFeedQuery): Promise<ReviewFeedPage>;
  summaries(tenant: Tenant, productIds: string[]): Promise<Record<string, ProductSummary & { mediaCount: number }>>;
  shopSummary(tenant: Tenant): Promise<Omit<ProductSummary, 'productId'> & { mediaCount: number }>;
  version(tenant: Tenant): Promise<string>;
  readonly channel: string;
}

export interface ApiPlugin {
  /** must equal the plugin's folder name */
  id: string;
  /**
   * Routes mounted under /api behind authentication: ctx.state.auth names the shop and
   * ctx.state.tenant scopes every query to it.
   */
  routes?: (services: ApiServices) => AppRouter;
  /** Routes mounted at the root without authentication (storefront, public links); the plugin verifies its callers. */
  publicRoutes?: (services: ApiServices) => AppRouter;
  /** Objection models of the plugin's tables (bound to the kernel's database). */
  models?: (typeof Model)[];
  /**
   * Runs once when the API starts, after migrations: idempotent set-up such as creating the
   * plugin's Temporal Schedules (`services.temporal.client.schedule`). A failure stops start-up.
   */
  onStart?: (services: ApiServices) => Promise<void>;
  /** Kernel events the plugin listens to. */
  on?: Record<string, EventHandler>;
  /** Rating summaries for product ids (the reviews plugin provides it; used by /api/shopify/*). */
  productSummaries?: (tenant: Tenant, productIds: string[]) => Promise<Record<string, ProductSummary>>;
  /** Published reviews for the storefront (the reviews plugin provides it; used by the widgets). */
  reviewFeed?: ReviewFeed;
  /**
   * Answers requests it can answer at once, from memory, before Koa and the kernel's middleware
   * (the storefront's cached reads); returns false to leave a request to the app. Must not throw.
   */
  fastLane?: (services: ApiServices) => FastLane;
}

export type FastLane = (req: IncomingMessage, res: ServerResponse) => boolean;

export function defineApiPlugin(plugin: ApiPlugin): ApiPlugin {
  return plugin;
}
