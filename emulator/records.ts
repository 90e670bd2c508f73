// Builders for store records, shared by the seed and the control API so both produce the same shapes.
import { createHash } from 'node:crypto';
import { countryDefaults, countryName, type ProductSeed } from './seed-data';
import { isoTime, type EmulatorStore } from './store';
import { newTheme } from './themes';
import type {
  AddressRecord,
  CustomerRecord,
  FinancialStatus,
  FulfillmentEventRecord,
  FulfillmentRecord,
  OrderRecord,
  ProductRecord,
  ShopPlan,
  ShopRecord,
  StaffRecord,
} from './types';

export const DEFAULT_SCOPES =
  'read_products,read_customers,read_orders,read_fulfillments,write_discounts,write_products,read_themes,write_metaobjects,write_metaobject_definitions';

export function emailFor(first: string, last: string, domain = 'example.com'): string {
  const ascii = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase();
  return `${ascii(first)}.${ascii(last)}@${domain}`;
}

export function newAddress(countryCode: string, firstName: string, lastName: string, street = '1 Main Street'): AddressRecord {
  const d = countryDefaults(countryCode);
  return {
    firstName,
    lastName,
    address1: street,
    city: d.city,
    province: d.province,
    provinceCode: d.provinceCode,
    zip: d.zip,
    countryCode,
    country: countryName(countryCode),
    phone: null,
    timeZone: d.timeZone,
  };
}

export interface ShopInput {
  domain: string;
  name: string;
  ownerFirstName: string;
  ownerLastName: string;
  plan: ShopPlan;
  countryCode?: string;
  ianaTimezone?: string;
  createdAt?: Date;
  /** false: a store the app is not on yet (no webhooks until a token exchange or OAuth installs it) */
  installed?: boolean;
}

export function newShop(store: EmulatorStore, i: ShopInput): ShopRecord {
  const countryCode = i.countryCode ?? 'US';
  const owner: StaffRecord = {
    id: String(74_000_000_000 + Object.keys(store.state.shops).length * 10 + 1),
    firstName: i.ownerFirstName,
    lastName: i.ownerLastName,
    accountOwner: true,
    locale: 'en',
    email: emailFor(i.ownerFirstName, i.ownerLastName, `${i.domain.split('.')[0]}.example.com`),
  };
  const shop: ShopRecord = {
    id: store.nextId(),
    domain: i.domain,
    name: i.name,
    email: owner.email,
    ownerName: `${owner.firstName} ${owner.lastName}`,
    ianaTimezone: i.ianaTimezone ?? 'America/New_York',
    currencyCode: 'USD',
    primaryLocale: 'en',
    locales: [
      { locale: 'en', name: 'English', primary: true, published: true },
      { locale: 'fr', name: 'French', primary: false, published: true },
      { locale: 'de', name: 'German', primary: false, published: false },
    ],
    plan: i.plan,
    address: newAddress(countryCode, owner.firstName, owner.lastName, '150 Elgin Street'),
    createdAt: isoTime(i.createdAt ?? Date.now()),
    installationId: store.nextId(),
    // The app is already installed on seeded dev stores (as with `shopify app dev`); it obtains
    // tokens by token exchange or OAuth. Uninstalling clears this.
    installed: i.installed ?? true,
    scopes: DEFAULT_SCOPES,
    staff: [
      owner,
      {
        id: String(Number(owner.id) + 1),
        firstName: 'Sam',
        lastName: 'Staff',
        accountOwner: false,
        locale: 'en',
        email: emailFor('Sam', 'Staff', `${i.domain.split('.')[0]}.example.com`),
      },
    ],
    products: [],
    customers: [],
    orders: [],
    metafields: [],
    discounts: [],
    metaobjects: [],
    metaobjectDefinitions: [],
    subscriptions: [],
    themes: [],
    accessTokens: [],
    refreshTokens: [],
    nextOrderNumber: 1001,
  };
  shop.themes.push(newTheme(store, i.createdAt?.getTime()));
  store.addShop(shop);
  return shop;
}

export function newProduct(store: EmulatorStore, shop: ShopRecord, seed: ProductSeed, createdAt: Date): ProductRecord {
  const at = isoTime(createdAt);
  const product: ProductRecord = {
    id: store.nextId(),
    imageId: store.nextId(),
    handle: seed.handle,
    title: seed.title,
    status: seed.draft ? 'DRAFT' : 'ACTIVE',
    descriptionHtml: `<p>${seed.description}</p>`,
    vendor: shop.name,
    productType: seed.type,
    tags: [seed.type.toLowerCase()],
    color: seed.color,
    createdAt: at,
    updatedAt: at,
    publishedAt: seed.draft ? null : at,
    variants: seed.variants.map(([title, price], n) => ({
      id: store.nextId(),
      title,
      price,
      inventoryQuantity: 25 + n * 5,
      sku: `${seed.handle.toUpperCase().replace(/-/g, '').slice(0, 8)}-${n + 1}`,
      barcode: null,
    })),
  };
  // an EAN-13 per variant from its id (GS1 prefix 400), unless the product is handmade
  if (!seed.noBarcode) for (const v of product.variants) v.barcode = ean13(`400${v.id.slice(-9).padStart(9, '0')}`);
  shop.products.push(product);
  store.changed();
  return product;
}

export interface CustomerInput {
  firstName: string;
  lastName: string;
  countryCode: string;
  email?: string;
  locale?: string;
  createdAt?: Date;
}

export function newCustomer(store: EmulatorStore, shop: ShopRecord, i: CustomerInput): CustomerRecord {
  const at = isoTime(i.createdAt ?? Date.now());
  const customer: CustomerRecord = {
    id: store.nextId(),
    addressId: store.nextId(),
    firstName: i.firstName,
    lastName: i.lastName,
    email: i.email ?? emailFor(i.firstName, i.lastName),
    phone: null,
    locale: i.locale ?? countryDefaults(i.countryCode).locale,
    address: newAddress(i.countryCode, i.firstName, i.lastName, `${10 + shop.customers.length} Market Street`),
    createdAt: at,
    updatedAt: at,
  };
  shop.customers.push(customer);
  store.changed();
  return customer;
}

export interface OrderInput {
  customer: CustomerRecord | null;
  items: { product: ProductRecord; variantIndex?: number; quantity?: number }[];
  createdAt?: Date;
  financialStatus?: FinancialStatus;
  test?: boolean;
  /** the visit's landing page, e.g. a review request's link with its UTM parameters */
  landingSite?: string | null;
}

export function newOrder(store: EmulatorStore, shop: ShopRecord, i: OrderInput): OrderRecord {
  const at = isoTime(i.createdAt ?? Date.now());
  const id = store.nextId();
  const order: OrderRecord = {
    id,
    number: shop.nextOrderNumber++,
    token: createHash('sha256').update(`order-${id}`).digest('hex').slice(0, 32),
    createdAt: at,
    updatedAt: at,
    processedAt: at,
    customerId: i.customer?.id ?? null,
    email: i.customer?.email ?? null,
    customerLocale: i.customer?.locale ?? shop.primaryLocale,
    financialStatus: i.financialStatus ?? 'paid',
    shippingAddress: i.customer ? { ...i.customer.address } : null,
    lineItems: i.items.map(({ product, variantIndex = 0, quantity = 1 }) => {
      const variant = product.variants[variantIndex % product.variants.length];
      return {
        id: store.nextId(),
        productId: product.id,
        variantId: variant.id,
        title: product.title,
        variantTitle: variant.title === 'Default Title' ? null : variant.title,
        sku: variant.sku,
        quantity,
        price: variant.price,
        vendor: product.vendor,
      };
    }),
    fulfillments: [],
    cancelledAt: null,
    test: i.test ?? false,
    landingSite: i.landingSite ?? null,
  };
  shop.orders.push(order);
  store.changed();
  return order;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

/** The line items' prices before discounts (REST `total_line_items_price`). */
export function lineItemsTotal(order: OrderRecord): string {
  return (order.lineItems.reduce((sum, li) => sum + cents(li.price) * li.quantity, 0) / 100).toFixed(2);
}

/** What the discount codes used at checkout took off (saved states without `discountCodes`: nothing). */
export function orderDiscounts(order: OrderRecord): string {
  return ((order.discountCodes ?? []).reduce((sum, d) => sum + cents(d.amount), 0) / 100).toFixed(2);
}

/** The order's total: its line items less the discount codes (shipping and taxes are not modelled). */
export function orderTotal(order: OrderRecord): string {
  return (Math.max(0, cents(lineItemsTotal(order)) - cents(orderDiscounts(order))) / 100).toFixed(2);
}

export function newFulfillment(store: EmulatorStore, order: OrderRecord, at: Date = new Date()): FulfillmentRecord {
  const id = store.nextId();
  const fulfillment: FulfillmentRecord = {
    id,
    name: `#${order.number}.${order.fulfillments.length + 1}`,
    status: 'success',
    shipmentStatus: null,
    createdAt: isoTime(at),
    updatedAt: isoTime(at),
    deliveredAt: null,
    trackingCompany: 'UPS',
    trackingNumber: `1Z999AA1${id.slice(-10)}`,
    events: [],
  };
  order.fulfillments.push(fulfillment);
  order.updatedAt = isoTime(at);
  store.changed();
  return fulfillment;
}

export function markDelivered(store: EmulatorStore, order: OrderRecord, f: FulfillmentRecord, at: Date = new Date()): FulfillmentEventRecord {
  const event: FulfillmentEventRecord = { id: store.nextId(), status: 'delivered', happenedAt: isoTime(at) };
  f.events.push(event);
  f.shipmentStatus = 'delivered';
  f.deliveredAt = event.happenedAt;
  f.updatedAt = event.happenedAt;
  order.updatedAt = event.happenedAt;
  store.changed();
  return event;
}

/** Twelve digits and their GS1 check digit (weights 1, 3 from the left). */
export function ean13(twelve: string): string {
  const sum = [...twelve].reduce((n, d, i) => n + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}
