// The delivery's one vendor call: reads what happened through the capabilities, builds Klaviyo's
// event (JSON:API, unique_id = the workflow id) and POSTs it under our own per-shop budget for
// Klaviyo's events limit. A busy Klaviyo is retried after its Retry-After, a refused key becomes
// IntegrationRevoked, a refused body VendorRejected (assertVendorOk).
import { assertVendorOk, hitAll, RateLimit, vendorRateLimited, type ActivityDeps } from '@plaudit/kernel';
import { APP, EVENTS_BURST, EVENTS_STEADY, LABEL, METRICS, type DeliveryInput, type KlaviyoCredentials } from '../shared/klaviyo';
import { ReviewFacts } from '@plaudit/contracts/reviews';
import { RequestFacts } from '@plaudit/contracts/review-requests';
import { createEvent } from '../shared/klaviyo-api';

/** what became of a delivery: sent, or why nothing was sent */
export type SendOutcome = 'sent' | 'not_connected' | 'no_facts' | 'gone' | 'no_email' | 'not_shoppers';

/** a shopper's own review; imported and the merchant's own reviews never reach the shoppers' flows */
const SHOPPER_SOURCES = ['customer', 'guest'];

interface KlaviyoProfile {
  email: string;
  firstName: string | null;
  lastName: string | null;
  properties: Record<string, unknown>;
}

const productUrl = (shopDomain: string, handle: string | null) => (handle ? `https://${shopDomain}/products/${handle}` : null);

/** The event's profile and properties, read now (a review edited since the event is sent as it is). */
async function describe(
  deps: ActivityDeps,
  input: DeliveryInput,
): Promise<{ profile: KlaviyoProfile; properties: Record<string, unknown>; time: string } | Exclude<SendOutcome, 'sent'>> {
  const tenant = deps.tenant(input.shopId, input.shopDomain);
  if (input.event === 'request-eligible') {
    // everything is in the event (the links are signed for this request): nothing to read
    const email = input.customer.email?.trim();
    if (!email) return 'no_email';
    return {
      profile: { email, firstName: input.customer.firstName, lastName: input.customer.lastName, properties: {} },
      properties: {
        request_id: input.requestId,
        order_id: input.orderId,
        order_name: input.orderName,
        products: input.products.map((p) => ({
          product_id: p.productId,
          product_title: p.title,
          image_url: p.imageUrl,
          review_url: p.reviewUrl,
          // flat, so a template reaches them as {{ item.rating_url_5 }}
          rating_url_1: p.ratingUrls['1'],
          rating_url_2: p.ratingUrls['2'],
          rating_url_3: p.ratingUrls['3'],
          rating_url_4: p.ratingUrls['4'],
          rating_url_5: p.ratingUrls['5'],
        })),
        'Product Names': input.products.map((p) => p.title),
        // 'klaviyo': Plaudit sent no email, the flow on this metric is the request (filter on it)
        sent_by: input.sentBy ?? 'plaudit',
      },
      time: input.at,
    };
  }
  if (input.event === 'request-sent') {
    const requests = deps.capabilities.get(RequestFacts);
    if (!requests) return 'no_facts';
    const order = await requests.orderFacts(tenant, { queueEntryId: input.requestId });
    if (!order) return 'gone';
    if (!order.customer.email) return 'no_email';
    const wanted = new Set(input.productIds);
    const items = order.lineItems.filter((li) => !wanted.size || wanted.has(li.productId));
    return {
      profile: { email: order.customer.email, firstName: order.customer.firstName, lastName: order.customer.lastName, properties: {} },
      properties: {
        request_id: input.requestId,
        order_id: order.orderId,
        order_name: order.orderName || input.orderName,
        reminder: input.reminder,
        products: items.map((li) => ({ product_id: li.productId, product_title: li.title, image_url: li.imageUrl })),
        product_titles: items.map((li) => li.title),
      },
      time: input.at,
    };
  }

  const reviews = deps.capabilities.get(ReviewFacts);
  if (!reviews) return 'no_facts';
  const r = await reviews.reviewFacts(tenant, input.reviewId);
  if (!r) return 'gone';
  if (!SHOPPER_SOURCES.includes(r.source)) return 'not_shoppers';
  if (!r.email) return 'no_email';
  const properties: Record<string, unknown> = {
    review_id: r.reviewId,
    rating: r.rating,
    title: r.title,
    content: r.content,
    review_type: r.kind,
    product_id: r.productId,
    product_title: r.productTitle,
    product_url: productUrl(input.shopDomain, r.productHandle),
    verified_buyer: r.verified,
    photo_count: r.mediaCount,
    source: r.source,
  };
  if (input.event === 'review-replied') properties.reply = r.replyContent;
  const time = input.event === 'review-submitted' ? r.createdAt : input.event === 'review-replied' ? (r.repliedAt ?? input.at) : input.at;
  const profileProperties: Record<string, unknown> = input.event === 'review-replied' ? {} : { 'Plaudit Last Rating': r.rating };
  profileProperties['Plaudit Reviews Count'] = await reviews.reviewCount(tenant, r.email);
  return {
    profile: { email: r.email, firstName: r.firstName, lastName: r.lastName, properties: profileProperties },
    properties,
    time,
  };
}

/** Klaviyo's Create Event body (https://developers.klaviyo.com/en/reference/create_event). */
export function eventBody(metric: string, profile: KlaviyoProfile, properties: Record<string, unknown>, uniqueId: string, time: string) {
  return {
    data: {
      type: 'event',
      attributes: {
        properties,
        metric: { data: { type: 'metric', attributes: { name: metric } } },
        profile: {
          data: {
            type: 'profile',
            attributes: {
              email: profile.email,
              ...(profile.firstName ? { first_name: profile.firstName } : {}),
              ...(profile.lastName ? { last_name: profile.lastName } : {}),
              ...(Object.keys(profile.properties).length ? { properties: profile.properties } : {}),
            },
          },
        },
        unique_id: uniqueId,
        time,
      },
    },
  };
}

export function createSender(deps: ActivityDeps) {
  // Klaviyo's limits are per account; a shop's key is its account, so the shop is the key here.
  const burst = new RateLimit(deps.knex, 'klaviyo-events-burst', EVENTS_BURST);
  const steady = new RateLimit(deps.knex, 'klaviyo-events-steady', EVENTS_STEADY);

  return async function send(input: DeliveryInput): Promise<SendOutcome> {
    const credentials = await deps.integrations.credentials<KlaviyoCredentials>(input.shopId, APP);
    if (!credentials) return 'not_connected';
    const event = await describe(deps, input);
    if (typeof event === 'string') return event;
    const wait = await hitAll([
      [burst, String(input.shopId)],
      [steady, String(input.shopId)],
    ]);
    if (wait > 0) throw vendorRateLimited(LABEL, wait);
    const body = eventBody(METRICS[input.event], event.profile, event.properties, input.uniqueId, event.time);
    const res = await createEvent(credentials.privateKey, body, deps.config.integrationsBaseUrl);
    await assertVendorOk(res, LABEL);
    return 'sent';
  };
}
