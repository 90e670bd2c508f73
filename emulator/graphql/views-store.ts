// GraphQL views of store records: plain objects whose fields are Shopify's, with function-valued
// fields for anything that takes arguments or nests (graphql-js calls them with the arguments).
import { createHash } from 'node:crypto';
import { GraphQLError } from 'graphql';
import type { EmulatorContext } from '../context';
import { gid } from '../ids';
import { DEMO_SHOP } from '../seed';
import { abbreviation, offsetMinutes, offsetString } from '../tz';
import { orderTotal } from '../records';
import type { AddressRecord, CustomerRecord, MetafieldRecord, ProductRecord, ShopRecord, VariantRecord } from '../types';
import { paginate, sortBy, type PageArgs } from './connection';
import { orderConnection } from './views-orders';

export interface GqlContext {
  em: EmulatorContext;
  shop: ShopRecord;
  /** the access token's scopes: fields outside them are denied, as on Shopify */
  scopes: string[];
}

/** Throws Shopify's ACCESS_DENIED error unless the token has `scope` (a write scope implies read). */
export function requireAccess(c: GqlContext, field: string, scope: string): void {
  const write = scope.replace(/^read_/, 'write_');
  if (c.scopes.includes(scope) || c.scopes.includes(write)) return;
  throw new GraphQLError(`Access denied for ${field} field. Required access: \`${scope}\` access scope.`, {
    extensions: { code: 'ACCESS_DENIED', documentation: 'https://shopify.dev/api/usage/access-scopes', requiredAccess: `\`${scope}\` access scope.` },
  });
}

export const APP_ID = '7000000001';
export const IMAGE_SIZE = 240;

/** Shopify's Decimal: shortest form with at least one decimal, "18.0", "29.99". */
export function decimal(amount: string | number): string {
  const s = String(Number(amount));
  return s.includes('.') || s.includes('e') ? s : `${s}.0`;
}
export const money = (shop: ShopRecord, amount: string | number) => ({ amount: decimal(amount), currencyCode: shop.currencyCode });
export const moneyBag = (shop: ShopRecord, amount: string | number) => ({ shopMoney: money(shop, amount), presentmentMoney: money(shop, amount) });

/** Where a shop's storefront lives on the emulator: the demo shop at the root, others under /shops. */
export function storefrontBase(em: EmulatorContext, shop: ShopRecord): string {
  return shop.domain === DEMO_SHOP ? em.store.baseUrl : `${em.store.baseUrl}/shops/${shop.domain}`;
}

export function imageUrl(em: EmulatorContext, shop: ShopRecord, p: ProductRecord): string {
  return `${em.store.baseUrl}/cdn/s/files/${shop.id}/${p.handle}.png?v=${Math.floor(Date.parse(p.updatedAt) / 1000)}`;
}

export function imageView(c: GqlContext, p: ProductRecord) {
  const base = imageUrl(c.em, c.shop, p);
  return {
    id: gid('ProductImage', p.imageId),
    altText: p.title,
    width: IMAGE_SIZE,
    height: IMAGE_SIZE,
    url: ({ transform }: { transform?: { maxWidth?: number; maxHeight?: number } }) =>
      transform?.maxWidth || transform?.maxHeight ? `${base}&width=${transform.maxWidth ?? ''}&height=${transform.maxHeight ?? ''}` : base,
  };
}

function mediaView(c: GqlContext, p: ProductRecord) {
  const image = imageView(c, p);
  return {
    __typename: 'MediaImage',
    id: gid('MediaImage', p.imageId),
    alt: p.title,
    mediaContentType: 'IMAGE',
    status: 'READY',
    mimeType: 'image/png',
    image,
    preview: { image, status: 'READY' },
  };
}

export function metafieldView(m: MetafieldRecord) {
  const owner = /gid:\/\/shopify\/(\w+)\//.exec(m.ownerId)?.[1] ?? 'Shop';
  let jsonValue: unknown = m.value;
  if (m.type === 'json' || m.type === 'rating' || m.type.startsWith('list.') || ['dimension', 'volume', 'weight', 'money', 'link'].includes(m.type))
    jsonValue = JSON.parse(m.value);
  else if (m.type === 'number_integer') jsonValue = Number(m.value);
  else if (m.type === 'boolean') jsonValue = m.value === 'true';
  return {
    __typename: 'Metafield',
    id: gid('Metafield', m.id),
    namespace: m.namespace,
    key: m.key,
    value: m.value,
    type: m.type,
    jsonValue,
    ownerType: owner === 'AppInstallation' ? 'API_PERMISSION' : owner.toUpperCase(),
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    compareDigest: createHash('sha256').update(m.value).digest('hex'),
  };
}

/** `metafield(namespace, key)` and `metafields(...)` for any owner; no namespace = the app's own. */
export function metafieldFields(c: GqlContext, ownerId: string) {
  const own = () => c.shop.metafields.filter((m) => m.ownerId === ownerId);
  return {
    metafield: ({ namespace, key }: { namespace?: string; key: string }) => {
      const m = own().find((x) => x.namespace === (namespace ?? `app--${APP_ID}`) && x.key === key);
      return m ? metafieldView(m) : null;
    },
    metafields: (a: PageArgs & { namespace?: string; keys?: string[] }) => {
      const list = own().filter((m) => (!a.namespace || m.namespace === a.namespace) && (!a.keys || a.keys.includes(`${m.namespace}.${m.key}`)));
      return paginate(list, a, (m) => m.id, metafieldView);
    },
  };
}

export function shopView(c: GqlContext) {
  const s = c.shop;
  const now = new Date();
  const storefront = storefrontBase(c.em, s);
  return {
    __typename: 'Shop',
    id: gid('Shop', s.id),
    name: s.name,
    email: s.email,
    contactEmail: s.email,
    myshopifyDomain: s.domain,
    url: storefront,
    ianaTimezone: s.ianaTimezone,
    timezoneAbbreviation: abbreviation(s.ianaTimezone, now),
    timezoneOffset: offsetString(s.ianaTimezone, now),
    timezoneOffsetMinutes: offsetMinutes(s.ianaTimezone, now),
    currencyCode: s.currencyCode,
    enabledPresentmentCurrencies: [s.currencyCode],
    // The storefront is served by the emulator, so the primary domain is the emulator's host.
    primaryDomain: { id: gid('Domain', s.id), host: new URL(storefront).host, url: storefront, sslEnabled: storefront.startsWith('https:') },
    plan: {
      displayName: s.plan.displayName,
      publicDisplayName: s.plan.displayName,
      partnerDevelopment: s.plan.partnerDevelopment,
      shopifyPlus: s.plan.shopifyPlus,
    },
    billingAddress: { ...addressView(s.address, s.id, 'ShopAddress'), id: gid('ShopAddress', s.id) },
    shopOwnerName: s.ownerName,
    createdAt: s.createdAt,
    updatedAt: s.createdAt,
    description: null,
    ...metafieldFields(c, gid('Shop', s.id)),
  };
}

export function addressView(a: AddressRecord, id: string, model: string) {
  return {
    __typename: 'MailingAddress',
    id: `${gid('MailingAddress', id)}?model_name=${model}`,
    address1: a.address1,
    address2: null,
    city: a.city,
    province: a.province,
    provinceCode: a.provinceCode,
    zip: a.zip,
    country: a.country,
    countryCodeV2: a.countryCode,
    firstName: a.firstName,
    lastName: a.lastName,
    name: `${a.firstName} ${a.lastName}`,
    phone: a.phone,
    company: null,
    timeZone: a.timeZone,
  };
}

export function productView(c: GqlContext, p: ProductRecord): Record<string, unknown> {
  const text = p.descriptionHtml.replace(/<[^>]*>/g, '');
  const prices = p.variants.map((v) => Number(v.price));
  const online = p.status === 'ACTIVE' ? `${storefrontBase(c.em, c.shop)}/products/${p.handle}` : null;
  return {
    __typename: 'Product',
    id: gid('Product', p.id),
    legacyResourceId: p.id,
    title: p.title,
    handle: p.handle,
    status: p.status,
    description: ({ truncateAt }: { truncateAt?: number }) => (truncateAt && text.length > truncateAt ? `${text.slice(0, truncateAt - 3)}...` : text),
    descriptionHtml: p.descriptionHtml,
    vendor: p.vendor,
    productType: p.productType,
    tags: p.tags,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    publishedAt: p.publishedAt,
    onlineStoreUrl: online,
    onlineStorePreviewUrl: online ?? `${storefrontBase(c.em, c.shop)}/products/${p.handle}?preview=1`,
    totalInventory: p.variants.reduce((n, v) => n + v.inventoryQuantity, 0),
    tracksInventory: true,
    featuredImage: imageView(c, p),
    featuredMedia: mediaView(c, p),
    media: (a: PageArgs) =>
      paginate(
        [p],
        a,
        (x) => x.imageId,
        () => mediaView(c, p),
      ),
    images: (a: PageArgs) =>
      paginate(
        [p],
        a,
        (x) => x.imageId,
        () => imageView(c, p),
      ),
    variants: (a: PageArgs) =>
      paginate(
        p.variants,
        a,
        (v) => v.id,
        (v) => variantView(c, p, v),
      ),
    variantsCount: { count: p.variants.length, precision: 'EXACT' },
    priceRangeV2: { minVariantPrice: money(c.shop, Math.min(...prices)), maxVariantPrice: money(c.shop, Math.max(...prices)) },
    ...metafieldFields(c, gid('Product', p.id)),
  };
}

export function variantView(c: GqlContext, p: ProductRecord, v: VariantRecord) {
  return {
    __typename: 'ProductVariant',
    id: gid('ProductVariant', v.id),
    legacyResourceId: v.id,
    title: v.title,
    displayName: `${p.title} - ${v.title}`,
    sku: v.sku,
    barcode: v.barcode ?? null,
    price: v.price,
    compareAtPrice: null,
    product: () => productView(c, p),
    image: imageView(c, p),
    inventoryQuantity: v.inventoryQuantity,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    ...metafieldFields(c, gid('ProductVariant', v.id)),
  };
}

export function customerView(c: GqlContext, cu: CustomerRecord): Record<string, unknown> {
  const orders = c.shop.orders.filter((o) => o.customerId === cu.id);
  const spent = orders.reduce((sum, o) => sum + Number(orderTotal(o)), 0);
  const address = addressView(cu.address, cu.addressId, 'CustomerAddress');
  return {
    __typename: 'Customer',
    id: gid('Customer', cu.id),
    legacyResourceId: cu.id,
    firstName: cu.firstName,
    lastName: cu.lastName,
    displayName: `${cu.firstName} ${cu.lastName}`,
    email: cu.email,
    phone: cu.phone,
    defaultEmailAddress: { emailAddress: cu.email, marketingState: 'NOT_SUBSCRIBED' },
    defaultPhoneNumber: null,
    locale: cu.locale,
    defaultAddress: address,
    addresses: [address],
    createdAt: cu.createdAt,
    updatedAt: cu.updatedAt,
    numberOfOrders: String(orders.length),
    amountSpent: money(c.shop, spent.toFixed(2)),
    state: 'ENABLED',
    tags: [],
    verifiedEmail: true,
    note: null,
    orders: (a: PageArgs & { query?: string; sortKey?: string; reverse?: boolean }) => orderConnection(c, orders, a),
    ...metafieldFields(c, gid('Customer', cu.id)),
  };
}

export const byId = <T extends { id: string }>(list: T[], reverse = false) =>
  sortBy(
    list,
    (x) => BigInt(x.id),
    (x) => x.id,
    reverse,
  );
