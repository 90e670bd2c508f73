// Things that happen in a shop and the webhooks Shopify sends for them: orders placed, fulfilled
// and delivered, the app uninstalled, compliance requests, subscription changes.
import type { EmulatorContext } from './context';
import { checkCode, redeem } from './discount-use';
import { markDelivered, newCustomer, newFulfillment, newOrder } from './records';
import {
  restCustomerRedact,
  restDataRequest,
  restFulfillment,
  restFulfillmentEvent,
  restOrder,
  restShop,
  restShopRedact,
  restSubscription,
} from './rest-payloads';
import { COUNTRY_CODES, countryName } from './seed-data';
import { revokeTokens } from './tokens';
import { cancelAll } from './subscriptions';
import type { CustomerRecord, FinancialStatus, OrderRecord, ShopRecord, SubscriptionRecord } from './types';
import type { Delivery, DeliveryOptions } from './webhooks';

/** A bad control request: the message goes back to the caller with the status. */
export class EmulatorInputError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const ALWAYS_SENT = new Set(['app/uninstalled', 'customers/data_request', 'customers/redact', 'shop/redact']);

/** Sends the events for a shop; an app that is not installed gets only compliance topics. */
export function emit(em: EmulatorContext, shop: ShopRecord, events: { topic: string; payload: unknown }[], o: DeliveryOptions = {}): Promise<Delivery[]> {
  const allowed = events.filter((e) => shop.installed || ALWAYS_SENT.has(e.topic));
  if (allowed.length < events.length) em.log.debug({ shop: shop.domain }, 'store emulator: app not installed, webhooks skipped');
  return em.webhooks.send(
    allowed.map((e) => ({ ...e, shop: shop.domain })),
    o,
  );
}

function orderPayload(em: EmulatorContext, shop: ShopRecord, order: OrderRecord) {
  return restOrder(shop, order, em.store.customer(shop, order.customerId), `${em.store.baseUrl}/shops/${shop.domain}/orders/${order.token}/authenticate`);
}

export interface OrderRequest extends DeliveryOptions {
  country?: string;
  customerEmail?: string;
  productHandles?: string[];
  financialStatus?: FinancialStatus;
  fulfill?: boolean;
  deliver?: boolean;
  discountCode?: string;
  /** the visit's landing page (path and query), as Shopify reports it in `landing_site` */
  landingSite?: string;
  /** placed earlier than now (a backdated order for demo histories); never in the future */
  createdAt?: string;
  /** the buyer's phone (E.164) and SMS marketing consent, as checkout's SMS consent box records them */
  customerPhone?: string;
  smsConsent?: 'subscribed' | 'not_subscribed' | 'pending' | 'unsubscribed';
}

/** The buyer's phone and SMS marketing consent from the order, when the order gave them. */
function withPhone(customer: CustomerRecord, r: OrderRequest): CustomerRecord {
  if (r.customerPhone !== undefined) customer.phone = r.customerPhone;
  if (r.smsConsent !== undefined) customer.smsConsent = { state: r.smsConsent, optInLevel: 'single_opt_in', updatedAt: new Date().toISOString() };
  return customer;
}

function buyerFor(em: EmulatorContext, shop: ShopRecord, r: OrderRequest): CustomerRecord {
  const country = r.country?.toUpperCase();
  if (country && !COUNTRY_CODES.includes(country)) throw new EmulatorInputError(400, `unknown country code ${r.country}`);
  if (r.customerEmail) {
    const existing = shop.customers.find((c) => c.email.toLowerCase() === r.customerEmail!.toLowerCase());
    if (existing) return existing;
    const [first = 'Demo', last = 'Buyer'] = r.customerEmail
      .split('@')[0]
      .split(/[._+-]/)
      .map((s) => s.charAt(0).toUpperCase() + s.slice(1));
    return newCustomer(em.store, shop, { firstName: first, lastName: last, email: r.customerEmail, countryCode: country ?? 'US' });
  }
  const pool = country ? shop.customers.filter((c) => c.address.countryCode === country) : shop.customers;
  if (pool.length) return pool[shop.nextOrderNumber % pool.length];
  const code = country ?? 'US';
  return newCustomer(em.store, shop, {
    firstName: 'Demo',
    lastName: `Buyer ${countryName(code)}`,
    countryCode: code,
    email: `demo.buyer+${code.toLowerCase()}@example.com`,
  });
}

/** The order's code, checked; a refused checkout leaves no customer behind (Shopify creates none). */
function checkedCode(shop: ShopRecord, code: string, customer: CustomerRecord, customersBefore: number) {
  try {
    return checkCode(shop, code, customer);
  } catch (refused) {
    shop.customers.length = customersBefore;
    throw refused;
  }
}

export async function placeOrder(em: EmulatorContext, shop: ShopRecord, r: OrderRequest): Promise<{ order: OrderRecord; deliveries: Delivery[] }> {
  const customersBefore = shop.customers.length;
  const customer = withPhone(buyerFor(em, shop, r), r);
  const active = shop.products.filter((p) => p.status === 'ACTIVE');
  const products = r.productHandles?.length
    ? r.productHandles.map(
        (h) =>
          shop.products.find((p) => p.handle === h) ??
          (() => {
            throw new EmulatorInputError(400, `unknown product handle ${h}`);
          })(),
      )
    : [active[shop.nextOrderNumber % active.length], active[(shop.nextOrderNumber * 7 + 3) % active.length]].filter((p, i, all) => all.indexOf(p) === i);
  const discount = r.discountCode ? checkedCode(shop, r.discountCode, customer, customersBefore) : undefined;
  const createdAt = r.createdAt ? new Date(Math.min(new Date(r.createdAt).getTime(), Date.now())) : undefined;
  const order = newOrder(em.store, shop, {
    customer,
    items: products.map((product) => ({ product })),
    financialStatus: r.financialStatus ?? 'paid',
    landingSite: r.landingSite,
    createdAt,
  });
  if (discount) redeem(discount, order, customer);
  const events: Outgoing[] = [{ topic: 'orders/create', payload: orderPayload(em, shop, order) }];
  if (r.fulfill || r.deliver) events.push(...fulfillmentEvents(em, shop, order));
  if (r.deliver) events.push(...deliveryEvents(em, shop, order));
  const deliveries = await emit(em, shop, events, r);
  return { order, deliveries };
}

type Outgoing = { topic: string; payload: unknown };

function fulfillmentEvents(em: EmulatorContext, shop: ShopRecord, order: OrderRecord): Outgoing[] {
  const f = newFulfillment(em.store, order);
  return [
    { topic: 'fulfillments/create', payload: restFulfillment(shop, order, f) },
    { topic: 'orders/fulfilled', payload: orderPayload(em, shop, order) },
  ];
}

function deliveryEvents(em: EmulatorContext, shop: ShopRecord, order: OrderRecord): Outgoing[] {
  const f = order.fulfillments.find((x) => x.status === 'success' && !x.deliveredAt);
  if (!f) throw new EmulatorInputError(409, `order ${order.id} has no fulfillment awaiting delivery`);
  const e = markDelivered(em.store, order, f);
  return [
    { topic: 'fulfillment_events/create', payload: restFulfillmentEvent(shop, order, f, e) },
    { topic: 'fulfillments/update', payload: restFulfillment(shop, order, f) },
  ];
}

export function fulfillOrder(em: EmulatorContext, shop: ShopRecord, order: OrderRecord, o: DeliveryOptions = {}) {
  if (order.fulfillments.some((f) => f.status === 'success')) throw new EmulatorInputError(409, `order ${order.id} is already fulfilled`);
  return emit(em, shop, fulfillmentEvents(em, shop, order), o);
}

/** Delivered: fulfils first when needed (a carrier scan implies a shipment). */
export function deliverOrder(em: EmulatorContext, shop: ShopRecord, order: OrderRecord, o: DeliveryOptions = {}) {
  const events = order.fulfillments.some((f) => f.status === 'success') ? [] : fulfillmentEvents(em, shop, order);
  events.push(...deliveryEvents(em, shop, order));
  return emit(em, shop, events, o);
}

/** app/uninstalled: tokens revoked, subscriptions cancelled, later webhooks stop (except compliance). */
export function uninstallApp(em: EmulatorContext, shop: ShopRecord, o: DeliveryOptions = {}) {
  if (!shop.installed) throw new EmulatorInputError(409, `the app is not installed on ${shop.domain}`);
  const payload = restShop(shop);
  shop.installed = false;
  revokeTokens(em.store, shop);
  cancelAll(shop);
  em.store.changed();
  return emit(em, shop, [{ topic: 'app/uninstalled', payload }], o);
}

export type ComplianceTopic = 'customers/data_request' | 'customers/redact' | 'shop/redact';

export function sendCompliance(em: EmulatorContext, shop: ShopRecord, topic: ComplianceTopic, email: string | undefined, o: DeliveryOptions = {}) {
  if (topic === 'shop/redact') return emit(em, shop, [{ topic, payload: restShopRedact(shop) }], o);
  const customer = email ? shop.customers.find((c) => c.email.toLowerCase() === email.toLowerCase()) : shop.customers[0];
  const address = email ?? customer?.email;
  if (!address) throw new EmulatorInputError(400, 'customerEmail is required');
  const orders = customer ? shop.orders.filter((x) => x.customerId === customer.id) : [];
  const payload =
    topic === 'customers/redact' ? restCustomerRedact(shop, customer, address, orders) : restDataRequest(shop, customer, address, orders, em.store.nextId());
  return emit(em, shop, [{ topic, payload }], o);
}

export function subscriptionUpdated(em: EmulatorContext, shop: ShopRecord, subs: SubscriptionRecord[]) {
  return emit(
    em,
    shop,
    subs.map((s) => ({ topic: 'app_subscriptions/update', payload: restSubscription(shop, s) })),
  );
}
