// REST shapes of webhook payloads (SHOPIFY.md "Webhooks"). Ids are LosslessNumbers so the body
// carries them as exact integer literals above 2^53; money is a string; times are in the shop's zone.
import { gid, restId } from './ids';
import { lineItemsTotal, orderDiscounts, orderTotal } from './records';
import { restTime, restTimezone } from './tz';
import type { AddressRecord, CustomerRecord, FulfillmentEventRecord, FulfillmentRecord, OrderRecord, ShopRecord, SubscriptionRecord } from './types';

const price = (amount: string, currency: string) => ({
  shop_money: { amount, currency_code: currency },
  presentment_money: { amount, currency_code: currency },
});

function restAddress(a: AddressRecord | null) {
  if (!a) return null;
  return {
    first_name: a.firstName,
    address1: a.address1,
    phone: a.phone,
    city: a.city,
    zip: a.zip,
    province: a.province,
    country: a.country,
    last_name: a.lastName,
    address2: null,
    company: null,
    latitude: null,
    longitude: null,
    name: `${a.firstName} ${a.lastName}`,
    country_code: a.countryCode,
    province_code: a.provinceCode,
  };
}

function restCustomer(shop: ShopRecord, c: CustomerRecord) {
  return {
    id: restId(c.id),
    email: c.email,
    created_at: restTime(c.createdAt, shop.ianaTimezone),
    updated_at: restTime(c.updatedAt, shop.ianaTimezone),
    first_name: c.firstName,
    last_name: c.lastName,
    state: 'enabled',
    note: null,
    verified_email: true,
    multipass_identifier: null,
    tax_exempt: false,
    phone: c.phone,
    // null without a phone number (https://shopify.dev/docs/api/admin-rest/latest/resources/customer: sms_marketing_consent)
    sms_marketing_consent:
      c.phone && c.smsConsent
        ? {
            state: c.smsConsent.state,
            opt_in_level: c.smsConsent.optInLevel,
            consent_updated_at: restTime(c.smsConsent.updatedAt, shop.ianaTimezone),
            consent_collected_from: 'SHOPIFY',
          }
        : null,
    currency: shop.currencyCode,
    tax_exemptions: [],
    admin_graphql_api_id: gid('Customer', c.id),
    default_address: { id: restId(c.addressId), customer_id: restId(c.id), ...restAddress(c.address), default: true },
  };
}

export function restFulfillment(shop: ShopRecord, order: OrderRecord, f: FulfillmentRecord) {
  const tz = shop.ianaTimezone;
  return {
    id: restId(f.id),
    admin_graphql_api_id: gid('Fulfillment', f.id),
    created_at: restTime(f.createdAt, tz),
    location_id: restId(shop.id),
    name: f.name,
    order_id: restId(order.id),
    origin_address: {},
    receipt: {},
    service: 'manual',
    shipment_status: f.shipmentStatus,
    status: f.status,
    tracking_company: f.trackingCompany,
    tracking_number: f.trackingNumber,
    tracking_numbers: [f.trackingNumber],
    tracking_url: `https://www.ups.com/track?tracknum=${f.trackingNumber}`,
    tracking_urls: [`https://www.ups.com/track?tracknum=${f.trackingNumber}`],
    updated_at: restTime(f.updatedAt, tz),
    line_items: order.lineItems.map((li) => restLineItem(shop, li, 'fulfilled')),
  };
}

function restLineItem(shop: ShopRecord, li: OrderRecord['lineItems'][0], fulfillmentStatus: string | null) {
  return {
    id: restId(li.id),
    admin_graphql_api_id: gid('LineItem', li.id),
    current_quantity: li.quantity,
    fulfillable_quantity: fulfillmentStatus ? 0 : li.quantity,
    fulfillment_service: 'manual',
    fulfillment_status: fulfillmentStatus,
    gift_card: false,
    grams: 300,
    name: li.variantTitle ? `${li.title} - ${li.variantTitle}` : li.title,
    price: li.price,
    price_set: price(li.price, shop.currencyCode),
    product_exists: li.productId !== null,
    product_id: restId(li.productId),
    properties: [],
    quantity: li.quantity,
    requires_shipping: true,
    sku: li.sku,
    taxable: true,
    title: li.title,
    total_discount: '0.00',
    total_discount_set: price('0.00', shop.currencyCode),
    variant_id: restId(li.variantId),
    variant_inventory_management: 'shopify',
    variant_title: li.variantTitle,
    vendor: li.vendor,
    tax_lines: [],
    duties: [],
    discount_allocations: [],
  };
}

const FULFILLMENT_STATUS = (o: OrderRecord) => (o.fulfillments.some((f) => f.status === 'success') ? 'fulfilled' : null);

export function restOrder(shop: ShopRecord, order: OrderRecord, customer: CustomerRecord | undefined, statusUrl: string) {
  const tz = shop.ianaTimezone;
  // the code used at checkout comes off the line items (shipping and taxes are not modelled)
  const lineItems = lineItemsTotal(order);
  const off = orderDiscounts(order);
  const total = orderTotal(order);
  const cur = shop.currencyCode;
  const fulfilled = FULFILLMENT_STATUS(order);
  return {
    id: restId(order.id),
    admin_graphql_api_id: gid('Order', order.id),
    app_id: restId('580111'),
    browser_ip: '203.0.113.7',
    buyer_accepts_marketing: false,
    cancel_reason: null,
    cancelled_at: restTime(order.cancelledAt, tz),
    cart_token: null,
    checkout_id: restId(order.id),
    checkout_token: order.token,
    closed_at: null,
    confirmation_number: order.token.slice(0, 9).toUpperCase(),
    confirmed: true,
    contact_email: order.email,
    created_at: restTime(order.createdAt, tz),
    currency: cur,
    current_subtotal_price: total,
    current_subtotal_price_set: price(total, cur),
    current_total_discounts: off,
    current_total_discounts_set: price(off, cur),
    current_total_price: total,
    current_total_price_set: price(total, cur),
    current_total_tax: '0.00',
    customer_locale: order.customerLocale,
    email: order.email,
    estimated_taxes: false,
    financial_status: order.financialStatus,
    fulfillment_status: fulfilled,
    landing_site: order.landingSite ?? null,
    name: `#${order.number}`,
    note: null,
    note_attributes: [],
    number: order.number - 1000,
    order_number: order.number,
    order_status_url: statusUrl,
    phone: null,
    presentment_currency: cur,
    processed_at: restTime(order.processedAt, tz),
    source_name: 'web',
    subtotal_price: total,
    subtotal_price_set: price(total, cur),
    tags: '',
    tax_lines: [],
    taxes_included: false,
    test: order.test,
    token: order.token,
    total_discounts: off,
    total_discounts_set: price(off, cur),
    total_line_items_price: lineItems,
    total_line_items_price_set: price(lineItems, cur),
    total_price: total,
    total_price_set: price(total, cur),
    total_tax: '0.00',
    total_weight: 300 * order.lineItems.length,
    updated_at: restTime(order.updatedAt, tz),
    user_id: null,
    billing_address: restAddress(order.shippingAddress),
    customer: customer ? restCustomer(shop, customer) : null,
    discount_applications: [],
    discount_codes: (order.discountCodes ?? []).map(({ code, amount, type }) => ({ code, amount, type })),
    fulfillments: order.fulfillments.map((f) => restFulfillment(shop, order, f)),
    line_items: order.lineItems.map((li) => restLineItem(shop, li, fulfilled)),
    payment_gateway_names: ['bogus'],
    refunds: [],
    shipping_address: restAddress(order.shippingAddress),
    shipping_lines: [],
  };
}

export function restFulfillmentEvent(shop: ShopRecord, order: OrderRecord, f: FulfillmentRecord, e: FulfillmentEventRecord) {
  const tz = shop.ianaTimezone;
  const a = order.shippingAddress;
  return {
    id: restId(e.id),
    fulfillment_id: restId(f.id),
    status: e.status,
    message: null,
    happened_at: restTime(e.happenedAt, tz),
    city: a?.city ?? null,
    province: a?.province ?? null,
    country: a?.country ?? null,
    zip: a?.zip ?? null,
    address1: null,
    latitude: null,
    longitude: null,
    shop_id: restId(shop.id),
    created_at: restTime(e.happenedAt, tz),
    updated_at: restTime(e.happenedAt, tz),
    estimated_delivery_at: null,
    order_id: restId(order.id),
    admin_graphql_api_id: gid('FulfillmentEvent', e.id),
  };
}

/** The REST Shop, the body of app/uninstalled. */
export function restShop(shop: ShopRecord) {
  const a = shop.address;
  return {
    id: restId(shop.id),
    name: shop.name,
    email: shop.email,
    domain: shop.domain,
    province: a.province,
    country: a.countryCode,
    address1: a.address1,
    zip: a.zip,
    city: a.city,
    source: null,
    phone: a.phone,
    latitude: null,
    longitude: null,
    primary_locale: shop.primaryLocale,
    address2: null,
    created_at: restTime(shop.createdAt, shop.ianaTimezone),
    updated_at: restTime(shop.createdAt, shop.ianaTimezone),
    country_code: a.countryCode,
    country_name: a.country,
    currency: shop.currencyCode,
    customer_email: shop.email,
    timezone: restTimezone(shop.ianaTimezone),
    iana_timezone: shop.ianaTimezone,
    shop_owner: shop.ownerName,
    money_format: '${{amount}}',
    money_with_currency_format: '${{amount}} USD',
    weight_unit: 'kg',
    province_code: a.provinceCode,
    taxes_included: false,
    tax_shipping: null,
    county_taxes: true,
    plan_display_name: shop.plan.displayName,
    plan_name: shop.plan.shopifyPlan,
    has_discounts: shop.discounts.length > 0,
    has_gift_cards: false,
    myshopify_domain: shop.domain,
    google_apps_domain: null,
    google_apps_login_enabled: null,
    money_in_emails_format: '${{amount}}',
    money_with_currency_in_emails_format: '${{amount}} USD',
    eligible_for_payments: true,
    requires_extra_payments_agreement: false,
    password_enabled: false,
    has_storefront: true,
    finances: true,
    primary_location_id: restId(shop.id),
    checkout_api_supported: true,
    multi_location_enabled: true,
    setup_required: false,
    pre_launch_enabled: false,
    enabled_presentment_currencies: [shop.currencyCode],
    transactional_sms_disabled: false,
    marketing_sms_consent_enabled_at_checkout: false,
  };
}

export function restSubscription(shop: ShopRecord, s: SubscriptionRecord) {
  const usage = s.lineItems.find((li) => li.usage)?.usage;
  return {
    app_subscription: {
      admin_graphql_api_id: gid('AppSubscription', s.id),
      name: s.name,
      status: s.status,
      admin_graphql_api_shop_id: gid('Shop', shop.id),
      created_at: restTime(s.createdAt, shop.ianaTimezone),
      updated_at: restTime(s.updatedAt, shop.ianaTimezone),
      currency: shop.currencyCode,
      capped_amount: usage ? usage.cappedAmount.amount : null,
    },
  };
}

export function restCustomerRedact(shop: ShopRecord, c: CustomerRecord | undefined, email: string, orders: OrderRecord[]) {
  return {
    shop_id: restId(shop.id),
    shop_domain: shop.domain,
    customer: { id: restId(c?.id), email, phone: c?.phone ?? null },
    orders_to_redact: orders.map((o) => restId(o.id)),
  };
}

export function restDataRequest(shop: ShopRecord, c: CustomerRecord | undefined, email: string, orders: OrderRecord[], requestId: string) {
  return {
    shop_id: restId(shop.id),
    shop_domain: shop.domain,
    orders_requested: orders.map((o) => restId(o.id)),
    customer: { id: restId(c?.id), email, phone: c?.phone ?? null },
    data_request: { id: restId(requestId) },
  };
}

export function restShopRedact(shop: ShopRecord) {
  return { shop_id: restId(shop.id), shop_domain: shop.domain };
}
