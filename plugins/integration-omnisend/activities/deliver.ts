// One Omnisend event: the facts read now (the review or the request's order), the customer event
// built from them, our own budget of Omnisend's 400 requests a minute taken for the key, then the
// POST. Omnisend's answer decides what Temporal does next (assertVendorOk); a 429 waits for its
// Retry-After, or for X-Rate-Limit-Reset when Omnisend sends only that.
import crypto from 'node:crypto';
import { ApplicationFailure } from '@temporalio/common';
import { assertVendorOk, RateLimit, retryAfterMs, VENDOR_BUSY, vendorRateLimited, vendorUrl, type ActivityDeps } from '@plaudit/kernel';
import { APP, EVENT_NAMES, LABEL, OMNISEND_BUDGET, OMNISEND_EVENTS_URL, type OmnisendCredentials } from '../shared/omnisend';
import { ReviewCreated, ReviewFacts, ReviewPublished, type ReviewFactSheet } from '@plaudit/contracts/reviews';
import { RequestEligible, RequestFacts, RequestSent } from '@plaudit/contracts/review-requests';
import { omnisendWorkflowId, type OmnisendDelivery } from '../workflows/messages';

/** the `origin` of every event: Omnisend asks apps for an origin of their own rather than "api" */
export const ORIGIN = 'plaudit';
/** the namespace of the name-based UUIDs (RFC 9562 v5) made from our workflow ids */
const EVENT_ID_NAMESPACE = 'a5d3c3c2-3f4e-5b7a-9c1d-6e0f2b8a4d17';

/** A UUID v5 of `name`: the same delivery always has the same eventID, and Omnisend wants a UUID. */
export function eventIdOf(name: string): string {
  const ns = Buffer.from(EVENT_ID_NAMESPACE.replace(/-/g, ''), 'hex');
  const h = crypto.createHash('sha1').update(ns).update(name, 'utf8').digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** Our counter for a key: its hash, so no key is ever written to the rate_limits table. */
export const budgetKey = (apiKey: string) => crypto.createHash('sha256').update(apiKey).digest('hex').slice(0, 40);

export interface OmnisendEventBody {
  eventName: string;
  eventID: string;
  eventTime: string;
  origin: string;
  contact: { email: string; firstName?: string; lastName?: string };
  properties: Record<string, unknown>;
}

const iso = (t: string | Date | null | undefined) => {
  const d = t ? new Date(t) : new Date(NaN);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};
/** Omnisend's properties without nulls (it types each custom property by its first value) */
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

function contactOf(p: { email: string | null; firstName: string | null; lastName: string | null }): OmnisendEventBody['contact'] | undefined {
  const email = p.email?.trim();
  if (!email) return undefined;
  return defined({ email, firstName: p.firstName?.trim() || undefined, lastName: p.lastName?.trim() || undefined }) as OmnisendEventBody['contact'];
}

function reviewProperties(shopDomain: string, r: ReviewFactSheet) {
  return defined({
    reviewID: String(r.reviewId),
    reviewType: r.kind,
    rating: r.rating,
    title: r.title,
    content: r.content,
    verifiedBuyer: r.verified,
    mediaCount: r.mediaCount,
    productID: r.productId,
    productTitle: r.productTitle,
    productURL: r.productHandle ? `https://${shopDomain}/products/${r.productHandle}` : null,
    orderID: r.orderId,
    shopDomain,
  });
}

/** The event to send, or why nothing is sent ('no_review', 'no_email', 'no_request', 'no_facts'). */
export async function buildEvent(deps: ActivityDeps, input: OmnisendDelivery): Promise<OmnisendEventBody | string> {
  const tenant = deps.tenant(input.shopId, input.shopDomain);
  const base = { eventName: EVENT_NAMES[input.event], eventID: eventIdOf(omnisendWorkflowId(input.shopDomain, input.event, input.key)), origin: ORIGIN };
  if (input.event === RequestEligible.name) {
    // everything is in the event (the links are signed for this request): nothing to read
    const e = input.eligible;
    if (!e) return 'no_request';
    const contact = contactOf(e.customer);
    if (!contact) return 'no_email';
    return {
      ...base,
      eventTime: iso(input.at) ?? new Date().toISOString(),
      contact,
      properties: defined({
        requestID: String(input.requestId),
        orderID: e.orderId,
        orderName: e.orderName || null,
        shopDomain: input.shopDomain,
        // 'plaudit': our email went out too; another app's id: that app is the request (an automation filters on it)
        sentBy: e.sentBy ?? 'plaudit',
        productTitles: e.products.map((p) => p.title),
        products: e.products.map((p) =>
          defined({
            productID: p.productId,
            productTitle: p.title,
            productImageURL: p.imageUrl,
            reviewURL: p.reviewUrl,
            rating1URL: p.ratingUrls['1'],
            rating2URL: p.ratingUrls['2'],
            rating3URL: p.ratingUrls['3'],
            rating4URL: p.ratingUrls['4'],
            rating5URL: p.ratingUrls['5'],
          }),
        ),
      }),
    };
  }
  if (input.event === RequestSent.name) {
    const requests = deps.capabilities.get(RequestFacts);
    if (!requests) return 'no_facts';
    const order = await requests.orderFacts(tenant, { queueEntryId: input.requestId! });
    if (!order) return 'no_request';
    const contact = contactOf(order.customer);
    if (!contact) return 'no_email';
    return {
      ...base,
      eventTime: iso(input.at) ?? new Date().toISOString(),
      contact,
      properties: defined({
        requestID: String(input.requestId),
        reminder: input.reminder ?? 0,
        orderID: order.orderId,
        orderName: order.orderName || null,
        shopDomain: input.shopDomain,
        products: order.lineItems.map((li) => defined({ productID: li.productId, productTitle: li.title, productImageURL: li.imageUrl })),
      }),
    };
  }
  const reviews = deps.capabilities.get(ReviewFacts);
  if (!reviews) return 'no_facts';
  const review = await reviews.reviewFacts(tenant, input.reviewId!);
  if (!review) return 'no_review';
  const contact = contactOf(review);
  if (!contact) return 'no_email';
  const properties = reviewProperties(input.shopDomain, review);
  if (input.event === ReviewCreated.name)
    return { ...base, eventTime: iso(review.createdAt) ?? iso(input.at) ?? new Date().toISOString(), contact, properties };
  if (input.event === ReviewPublished.name) return { ...base, eventTime: iso(input.at) ?? new Date().toISOString(), contact, properties };
  if (!review.replyContent) return 'no_reply';
  return {
    ...base,
    eventTime: iso(input.at) ?? iso(review.repliedAt) ?? new Date().toISOString(),
    contact,
    properties: { ...properties, replyContent: review.replyContent },
  };
}

export function createDeliver(deps: ActivityDeps) {
  const budget = new RateLimit(deps.knex, 'integration-omnisend', OMNISEND_BUDGET);
  return async function deliver(input: OmnisendDelivery): Promise<string> {
    const credentials = await deps.integrations.credentials<OmnisendCredentials>(input.shopId, APP);
    // disconnected since the event: nothing more goes to that account
    if (!credentials) return 'not_connected';
    const event = await buildEvent(deps, input);
    if (typeof event === 'string') return event;

    const wait = await budget.hit(budgetKey(credentials.apiKey));
    if (wait > 0) throw vendorRateLimited(LABEL, wait);
    const res = await fetch(vendorUrl(OMNISEND_EVENTS_URL, deps.config.integrationsBaseUrl), {
      method: 'POST',
      headers: { 'X-API-KEY': credentials.apiKey, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(event),
      // Omnisend's advice for calls made while something waits: 10 s
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status === 429 && !res.headers.get('retry-after')) {
      const reset = retryAfterMs(res.headers.get('x-rate-limit-reset'));
      await res.body?.cancel();
      throw ApplicationFailure.create({ type: VENDOR_BUSY, message: `${LABEL} answered 429`, ...(reset !== undefined ? { nextRetryDelay: reset } : {}) });
    }
    await assertVendorOk(res, LABEL);
    await res.body?.cancel();
    return 'sent';
  };
}
