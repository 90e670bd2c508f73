// GraphQL views of orders, line items and fulfillments, and the orders connection with Shopify's
// search fields, sort keys and 60-day window (older orders need the read_all_orders scope).
import { gid } from '../ids';
import { orderDiscounts, orderTotal } from '../records';
import type { FulfillmentRecord, LineItemRecord, OrderRecord } from '../types';
import { paginate, sortBy, type PageArgs } from './connection';
import { search, type SearchFields } from './search-query';
import { addressView, customerView, imageView, metafieldFields, moneyBag, productView, variantView, type GqlContext } from './views-store';

const SIXTY_DAYS = 60 * 86_400_000;

export function fulfillmentDisplayStatus(f: FulfillmentRecord): string {
  if (f.status === 'cancelled') return 'CANCELED';
  if (f.deliveredAt) return 'DELIVERED';
  return f.shipmentStatus ? f.shipmentStatus.toUpperCase() : 'FULFILLED';
}

/** What the order is worth now: refunds take money off the current total (discounts already have). */
export function currentTotal(o: OrderRecord): string {
  const total = Number(orderTotal(o));
  if (o.financialStatus === 'refunded' || o.financialStatus === 'voided') return '0.00';
  if (o.financialStatus === 'partially_refunded') return Math.max(0, total - Number(o.lineItems[0].price)).toFixed(2);
  return total.toFixed(2);
}

/** Orders an app can read: all with read_all_orders, else those of the last 60 days (as on Shopify). */
export function visibleOrders(c: GqlContext, orders: OrderRecord[]): OrderRecord[] {
  if (c.scopes.includes('read_all_orders')) return orders;
  const since = Date.now() - SIXTY_DAYS;
  return orders.filter((o) => Date.parse(o.createdAt) >= since);
}

const ORDER_FIELDS: SearchFields<OrderRecord> = {
  created_at: { kind: 'date', get: (o) => o.createdAt },
  updated_at: { kind: 'date', get: (o) => o.updatedAt },
  processed_at: { kind: 'date', get: (o) => o.processedAt },
  financial_status: { kind: 'keyword', get: (o) => o.financialStatus },
  fulfillment_status: { kind: 'keyword', get: (o) => (o.fulfillments.length ? ['shipped', 'fulfilled'] : ['unshipped', 'unfulfilled']) },
  delivery_status: { kind: 'keyword', get: (o) => (o.fulfillments.some((f) => f.deliveredAt) ? 'delivered' : null) },
  status: { kind: 'keyword', get: (o) => (o.cancelledAt ? ['cancelled', 'any'] : ['open', 'any']) },
  email: { kind: 'keyword', get: (o) => o.email },
  name: { kind: 'keyword', get: (o) => [`#${o.number}`, String(o.number)] },
  id: { kind: 'id', get: (o) => o.id },
  customer_id: { kind: 'id', get: (o) => o.customerId },
  test: { kind: 'keyword', get: (o) => String(o.test) },
  sku: { kind: 'keyword', get: (o) => o.lineItems.map((li) => li.sku) },
};

export function orderConnection(c: GqlContext, orders: OrderRecord[], a: PageArgs & { query?: string | null; sortKey?: string; reverse?: boolean }) {
  const found = search(
    visibleOrders(c, orders),
    a.query,
    {
      ...ORDER_FIELDS,
      customer: {
        kind: 'text',
        get: (o) => {
          const cu = c.em.store.customer(c.shop, o.customerId);
          return cu ? `${cu.firstName} ${cu.lastName}` : null;
        },
      },
    },
    ['name', 'email', 'customer'],
  );
  const key = (o: OrderRecord): string | number | bigint | null => {
    switch (a.sortKey) {
      case 'CREATED_AT':
        return o.createdAt;
      case 'PROCESSED_AT':
        return o.processedAt;
      case 'UPDATED_AT':
        return o.updatedAt;
      case 'ORDER_NUMBER':
        return o.number;
      case 'TOTAL_PRICE':
        return Number(orderTotal(o));
      case 'FINANCIAL_STATUS':
        return o.financialStatus;
      case 'FULFILLMENT_STATUS':
        return o.fulfillments.length ? 'fulfilled' : 'unfulfilled';
      case 'CUSTOMER_NAME':
        return o.shippingAddress ? `${o.shippingAddress.firstName} ${o.shippingAddress.lastName}` : null;
      case 'TOTAL_ITEMS_QUANTITY':
        return o.lineItems.reduce((n, li) => n + li.quantity, 0);
      default:
        return BigInt(o.id);
    }
  };
  const sorted = sortBy(found, key, (o) => o.id, a.reverse ?? false);
  return paginate(
    sorted,
    a,
    (o) => o.id,
    (o) => orderView(c, o),
    key,
  );
}

export function orderView(c: GqlContext, o: OrderRecord): Record<string, unknown> {
  const s = c.shop;
  const total = orderTotal(o);
  const current = currentTotal(o);
  const customer = c.em.store.customer(s, o.customerId);
  const address = o.shippingAddress ? addressView(o.shippingAddress, o.id, 'Address') : null;
  return {
    __typename: 'Order',
    id: gid('Order', o.id),
    legacyResourceId: o.id,
    name: `#${o.number}`,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    processedAt: o.processedAt,
    email: o.email,
    phone: null,
    customerLocale: o.customerLocale,
    currencyCode: s.currencyCode,
    presentmentCurrencyCode: s.currencyCode,
    displayFinancialStatus: o.financialStatus.toUpperCase(),
    displayFulfillmentStatus: o.fulfillments.some((f) => f.status === 'success') ? 'FULFILLED' : 'UNFULFILLED',
    fullyPaid: ['paid', 'refunded', 'partially_refunded'].includes(o.financialStatus),
    cancelledAt: o.cancelledAt,
    closed: false,
    closedAt: null,
    confirmed: true,
    test: o.test,
    currentTotalPriceSet: moneyBag(s, current),
    totalPriceSet: moneyBag(s, total),
    subtotalPriceSet: moneyBag(s, total),
    currentSubtotalPriceSet: moneyBag(s, current),
    totalRefundedSet: moneyBag(s, (Number(total) - Number(current)).toFixed(2)),
    discountCode: o.discountCodes?.[0]?.code ?? null,
    discountCodes: (o.discountCodes ?? []).map((d) => d.code),
    totalDiscountsSet: moneyBag(s, orderDiscounts(o)),
    currentTotalDiscountsSet: moneyBag(s, orderDiscounts(o)),
    customer: customer ? () => customerView(c, customer) : null,
    shippingAddress: address,
    billingAddress: address,
    lineItems: (a: PageArgs & { reverse?: boolean }) =>
      paginate(
        a.reverse ? [...o.lineItems].reverse() : o.lineItems,
        a,
        (li) => li.id,
        (li) => lineItemView(c, o, li),
      ),
    fulfillments: ({ first }: { first?: number }) => o.fulfillments.slice(0, first ?? undefined).map((f) => fulfillmentView(c, o, f)),
    tags: [],
    note: null,
    sourceName: 'web',
    statusPageUrl: `${c.em.store.baseUrl}/shops/${s.domain}/orders/${o.token}/authenticate`,
    ...metafieldFields(c, gid('Order', o.id)),
  };
}

export function lineItemView(c: GqlContext, o: OrderRecord, li: LineItemRecord) {
  const product = c.shop.products.find((p) => p.id === li.productId);
  const variant = product?.variants.find((v) => v.id === li.variantId);
  const refunded = o.financialStatus === 'refunded' || (o.financialStatus === 'partially_refunded' && li === o.lineItems[0]);
  const lineTotal = (Number(li.price) * li.quantity).toFixed(2);
  return {
    __typename: 'LineItem',
    id: gid('LineItem', li.id),
    title: li.title,
    name: li.variantTitle ? `${li.title} - ${li.variantTitle}` : li.title,
    quantity: li.quantity,
    currentQuantity: refunded ? 0 : li.quantity,
    sku: li.sku,
    variantTitle: li.variantTitle,
    vendor: li.vendor,
    product: product ? () => productView(c, product) : null,
    variant: product && variant ? () => variantView(c, product, variant) : null,
    image: product ? imageView(c, product) : null,
    originalUnitPriceSet: moneyBag(c.shop, li.price),
    discountedTotalSet: moneyBag(c.shop, lineTotal),
    originalTotalSet: moneyBag(c.shop, lineTotal),
    requiresShipping: true,
  };
}

export function fulfillmentView(c: GqlContext, o: OrderRecord, f: FulfillmentRecord) {
  return {
    __typename: 'Fulfillment',
    id: gid('Fulfillment', f.id),
    legacyResourceId: f.id,
    name: f.name,
    status: f.status.toUpperCase(),
    displayStatus: fulfillmentDisplayStatus(f),
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
    deliveredAt: f.deliveredAt,
    inTransitAt: f.events.find((e) => e.status === 'in_transit')?.happenedAt ?? null,
    estimatedDeliveryAt: null,
    trackingInfo: () => [{ company: f.trackingCompany, number: f.trackingNumber, url: `https://www.ups.com/track?tracknum=${f.trackingNumber}` }],
    order: () => orderView(c, o),
    events: (a: PageArgs) =>
      paginate(
        f.events,
        a,
        (e) => e.id,
        (e) => ({
          __typename: 'FulfillmentEvent',
          id: gid('FulfillmentEvent', e.id),
          status: e.status.toUpperCase(),
          happenedAt: e.happenedAt,
          createdAt: e.happenedAt,
          message: null,
        }),
      ),
  };
}

/** ordersCount: how many orders match, capped at `limit` like Shopify (precision AT_LEAST when capped). */
export function ordersCount(c: GqlContext, orders: OrderRecord[], a: { query?: string | null; limit?: number | null }) {
  const found = search(visibleOrders(c, orders), a.query, ORDER_FIELDS, ['name', 'email']);
  const limit = a.limit ?? 10000;
  return { count: Math.min(found.length, limit), precision: found.length > limit ? 'AT_LEAST' : 'EXACT' };
}
