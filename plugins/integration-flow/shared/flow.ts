// What the Flow plugin's sides share: the triggers and actions it declares in extensions/flow-*
// (their handles are the contract with Shopify Flow), the events it listens to (its own types of what
// it reads), the capabilities it uses (consumer-defined interfaces) and the trigger workflow's input.
import type { Tenant } from '@plaudit/kernel';

/** Trigger handles (extensions/flow-<...>/shopify.extension.toml `handle`). */
export const TRIGGERS = ['review-created', 'review-published', 'negative-review-received', 'review-request-sent', 'customer-reviewed'] as const;
export type TriggerHandle = (typeof TRIGGERS)[number];

/** Each trigger's `name` in its TOML. */
export const TRIGGER_NAMES: Record<TriggerHandle, string> = {
  'review-created': 'Review created',
  'review-published': 'Review published',
  'negative-review-received': 'Negative review received',
  'review-request-sent': 'Review request sent',
  'customer-reviewed': 'Customer reviewed',
};

/**
 * The trigger a lifecycle callback's `flow_trigger_definition_id` names. Flow's documentation gives a
 * trigger's title as the example ("Add row to spreadsheet"), so the title is matched as well as the handle.
 */
export function triggerOfDefinition(id: string): TriggerHandle | undefined {
  const wanted = id.trim().toLowerCase();
  return TRIGGERS.find((t) => t === wanted || TRIGGER_NAMES[t].toLowerCase() === wanted);
}

/** One trigger's use as Flow last reported it; absent before Flow reported anything for it. */
export interface TriggerUsageView {
  hasEnabledFlow: boolean;
  reportedAt: string;
}

/** Action handles; Flow POSTs each to `${appUrl}/flow/actions/<handle>` (the extension's runtime_url). */
export const ACTIONS = ['send-review-request', 'publish-review', 'reply-to-review'] as const;
export type ActionHandle = (typeof ACTIONS)[number];

/** Flow refuses a trigger payload of 50 KB or more; review texts are cut to stay well under it. */
export const PAYLOAD_LIMIT_BYTES = 50_000;
export const CONTENT_MAX_CHARS = 10_000;

/** One trigger to fire: the event's facts are read when it is sent. */
export type TriggerInput = { shopId: number; shopDomain: string } & (
  | { trigger: 'review-created' | 'review-published' | 'negative-review-received'; reviewId: number }
  | { trigger: 'review-request-sent'; requestId: number; orderId: string; orderName: string | null; reminder: number; products: number }
  | { trigger: 'customer-reviewed'; requestId: number; orderId: string; orderName: string | null }
);

export const triggerWorkflowId = (shopDomain: string, trigger: TriggerHandle, key: string | number) => `flow:${shopDomain}:${trigger}:${key}`;

// --- the events it listens to (what it reads of them) ---

/** 'review.created' */
export interface ReviewCreated {
  shopId: number;
  shopDomain: string;
  reviewId: number;
  productId: string | null;
  rating: number;
  status: string;
}

/** 'review.published': one change of one or many reviews */
export interface ReviewsChanged {
  shopId: number;
  shopDomain: string;
  change: string;
  at: string;
  reviews: { reviewId: number; status: string }[];
}

/** 'request.sent' (key `<request id>:<reminder>`) */
export interface RequestSent {
  shopId: number;
  shopDomain: string;
  requestId: number;
  orderId: string;
  orderName: string | null;
  productIds: string[];
  reminder: number;
}

/** 'request.reviewed' (key request id) */
export interface RequestReviewed {
  shopId: number;
  shopDomain: string;
  requestId: number;
  orderId: string;
  orderName: string | null;
}

// --- the capabilities it uses ---

/** `reviews.facts` */
export interface ReviewFactsReader {
  reviewFacts(tenant: Tenant, reviewId: number): Promise<
    | {
        reviewId: number;
        kind: 'product' | 'store';
        status: string;
        source: string;
        rating: number;
        title: string | null;
        content: string;
        email: string | null;
        firstName: string | null;
        lastName: string | null;
        customerId: string | null;
        productId: string | null;
        verified: boolean;
      }
    | undefined
  >;
}

/** `reviews.notifications`: the shop's negative-review threshold (a rating at or below it is negative) */
export interface ReviewNotificationsReader {
  get(shopId: number): Promise<{ negativeThreshold: number }>;
}

/** `reviews.public`: the admin's publish and reply, through the reviews plugin's own paths */
export interface ReviewsActions {
  setStatus(tenant: Tenant, id: number, status: 'published' | 'unpublished'): Promise<{ id: number; status: string } | undefined>;
  reply(tenant: Tenant, id: number, content: string | null): Promise<{ id: number; reply: { content: string } | null } | undefined>;
}

/** `review-requests.public`: the order's request, started as the old-orders send starts it */
export interface RequestsActions {
  create(tenant: Tenant, input: { orderId: string }): Promise<{ created: boolean; orderId: string; orderName: string; request: { id: number; status: string } | null }>;
}

/** A numeric Shopify id from a gid or a number-like string; undefined when it is neither. */
export function numericId(id: string | number | null | undefined): string | undefined {
  if (id === null || id === undefined) return undefined;
  const m = /^(?:gid:\/\/shopify\/[A-Za-z]+\/)?(\d{1,20})$/.exec(String(id).trim());
  return m?.[1];
}
