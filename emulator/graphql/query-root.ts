// Root query fields: shop, locales, products, customers, orders, node lookups, the app's
// installation and its discount codes, each scoped to the shop the access token belongs to.
import { GraphQLError } from 'graphql';
import { parseGid } from '../ids';
import type { CustomerRecord, ProductRecord } from '../types';
import { paginate, sortBy, type PageArgs } from './connection';
import { metafieldSearchFields } from './metafield-definitions';
import { metaobjectView } from './metaobjects';
import { search, type SearchFields } from './search-query';
import { discountNodeView, installationView, subscriptionView } from './views-app';
import { themeFields, themeView } from './views-themes';
import { fulfillmentView, orderConnection, ordersCount, orderView, visibleOrders } from './views-orders';
import { customerView, metafieldView, productView, requireAccess, shopView, variantView, type GqlContext } from './views-store';

type ListArgs = PageArgs & { query?: string | null; sortKey?: string; reverse?: boolean };

/** The numeric id inside a gid of the wanted type; null for another type (Shopify answers null). */
export function idFrom(value: string, resource?: string): string | null {
  const parsed = parseGid(value);
  if (!parsed) throw new GraphQLError(`Invalid global id '${value}'`, { extensions: { code: 'argumentLiteralsIncompatible' } });
  return !resource || parsed.resource === resource ? parsed.id : null;
}

const PRODUCT_FIELDS: SearchFields<ProductRecord> = {
  title: { kind: 'text', get: (p) => p.title },
  handle: { kind: 'keyword', get: (p) => p.handle },
  status: { kind: 'keyword', get: (p) => p.status.toLowerCase() },
  id: { kind: 'id', get: (p) => p.id },
  product_type: { kind: 'keyword', get: (p) => p.productType },
  vendor: { kind: 'keyword', get: (p) => p.vendor },
  tag: { kind: 'keyword', get: (p) => p.tags },
  sku: { kind: 'keyword', get: (p) => p.variants.map((v) => v.sku) },
  created_at: { kind: 'date', get: (p) => p.createdAt },
  updated_at: { kind: 'date', get: (p) => p.updatedAt },
  published_at: { kind: 'date', get: (p) => p.publishedAt },
};

const CUSTOMER_FIELDS: SearchFields<CustomerRecord> = {
  email: { kind: 'keyword', get: (c) => c.email },
  first_name: { kind: 'text', get: (c) => c.firstName },
  last_name: { kind: 'text', get: (c) => c.lastName },
  country: { kind: 'keyword', get: (c) => [c.address.countryCode, c.address.country] },
  id: { kind: 'id', get: (c) => c.id },
  created_at: { kind: 'date', get: (c) => c.createdAt },
  updated_at: { kind: 'date', get: (c) => c.updatedAt },
  state: { kind: 'keyword', get: () => 'enabled' },
  phone: { kind: 'keyword', get: (c) => c.phone },
};

export function queryRoot(c: GqlContext) {
  const s = c.shop;
  const product = (id: string | null) => {
    const p = id ? s.products.find((x) => x.id === id) : undefined;
    return p ? productView(c, p) : null;
  };
  const customer = (id: string | null) => {
    const cu = c.em.store.customer(s, id);
    return cu ? customerView(c, cu) : null;
  };
  const order = (id: string | null) => {
    const o = visibleOrders(c, s.orders).find((x) => x.id === id);
    return o ? orderView(c, o) : null;
  };

  function node(value: string): unknown {
    const parsed = parseGid(value);
    if (!parsed) throw new GraphQLError(`Invalid global id '${value}'`, { extensions: { code: 'argumentLiteralsIncompatible' } });
    const { resource, id } = parsed;
    switch (resource) {
      case 'Shop':
        return id === s.id ? shopView(c) : null;
      case 'Product':
        return product(id);
      case 'ProductVariant': {
        const p = s.products.find((x) => x.variants.some((v) => v.id === id));
        return p ? variantView(c, p, p.variants.find((v) => v.id === id)!) : null;
      }
      case 'Customer':
        return customer(id);
      case 'Order':
        return order(id);
      case 'Fulfillment': {
        const o = visibleOrders(c, s.orders).find((x) => x.fulfillments.some((f) => f.id === id));
        return o ? fulfillmentView(c, o, o.fulfillments.find((f) => f.id === id)!) : null;
      }
      case 'Metafield': {
        const m = s.metafields.find((x) => x.id === id);
        return m ? metafieldView(m) : null;
      }
      case 'AppSubscription': {
        const sub = s.subscriptions.find((x) => x.id === id);
        return sub ? subscriptionView(c, sub) : null;
      }
      case 'AppInstallation':
        return id === s.installationId ? installationView(c) : null;
      case 'OnlineStoreTheme': {
        requireAccess(c, 'node', 'read_themes');
        const t = s.themes.find((x) => x.id === id);
        return t ? themeView(t) : null;
      }
      case 'Metaobject': {
        requireAccess(c, 'node', 'read_metaobjects');
        const m = s.metaobjects.find((x) => x.id === id);
        return m ? metaobjectView(c, m) : null;
      }
      case 'DiscountCodeNode': {
        const d = s.discounts.find((x) => x.id === id);
        return d ? discountNodeView(c, d) : null;
      }
      default:
        return null;
    }
  }

  return {
    shop: () => shopView(c),
    shopLocales: ({ published }: { published?: boolean | null }) => s.locales.filter((l) => published == null || l.published === published),
    products: (a: ListArgs) => {
      requireAccess(c, 'products', 'read_products');
      const found = search(s.products, a.query, { ...PRODUCT_FIELDS, ...metafieldSearchFields(s) }, ['title', 'handle', 'vendor', 'product_type', 'tag']);
      const key = (p: ProductRecord): string | number | bigint | null => {
        switch (a.sortKey) {
          case 'TITLE':
            return p.title;
          case 'CREATED_AT':
            return p.createdAt;
          case 'UPDATED_AT':
            return p.updatedAt;
          case 'PUBLISHED_AT':
            return p.publishedAt;
          case 'PRODUCT_TYPE':
            return p.productType;
          case 'VENDOR':
            return p.vendor;
          case 'INVENTORY_TOTAL':
            return p.variants.reduce((n, v) => n + v.inventoryQuantity, 0);
          default:
            return BigInt(p.id);
        }
      };
      return paginate(
        sortBy(found, key, (p) => p.id, a.reverse),
        a,
        (p) => p.id,
        (p) => productView(c, p),
        key,
      );
    },
    product: ({ id }: { id: string }) => (requireAccess(c, 'product', 'read_products'), product(idFrom(id, 'Product'))),
    productByHandle: ({ handle }: { handle: string }) => product(s.products.find((p) => p.handle === handle)?.id ?? null),
    productByIdentifier: ({ identifier }: { identifier: { id?: string; handle?: string } }) =>
      identifier.id ? product(idFrom(identifier.id, 'Product')) : product(s.products.find((p) => p.handle === identifier.handle)?.id ?? null),
    productVariant: ({ id }: { id: string }) => node(id),
    customers: (a: ListArgs) => {
      requireAccess(c, 'customers', 'read_customers');
      const found = search(s.customers, a.query, CUSTOMER_FIELDS, ['first_name', 'last_name', 'email']);
      const key = (cu: CustomerRecord): string | bigint => {
        switch (a.sortKey) {
          case 'NAME':
            return `${cu.firstName} ${cu.lastName}`;
          case 'CREATED_AT':
            return cu.createdAt;
          case 'UPDATED_AT':
            return cu.updatedAt;
          case 'LOCATION':
            return cu.address.country;
          default:
            return BigInt(cu.id);
        }
      };
      return paginate(
        sortBy(found, key, (cu) => cu.id, a.reverse),
        a,
        (cu) => cu.id,
        (cu) => customerView(c, cu),
        key,
      );
    },
    customer: ({ id }: { id: string }) => (requireAccess(c, 'customer', 'read_customers'), customer(idFrom(id, 'Customer'))),
    orders: (a: ListArgs) => (requireAccess(c, 'orders', 'read_orders'), orderConnection(c, s.orders, a)),
    order: ({ id }: { id: string }) => (requireAccess(c, 'order', 'read_orders'), order(idFrom(id, 'Order'))),
    ordersCount: (a: { query?: string | null; limit?: number | null }) => (requireAccess(c, 'ordersCount', 'read_orders'), ordersCount(c, s.orders, a)),
    node: ({ id }: { id: string }) => node(id),
    nodes: ({ ids }: { ids: string[] }) => ids.map(node),
    currentAppInstallation: () => installationView(c),
    ...themeFields(c),
    codeDiscountNode: ({ id }: { id: string }) => (requireAccess(c, 'codeDiscountNode', 'read_discounts'), node(id)),
    codeDiscountNodeByCode: ({ code }: { code: string }) => {
      requireAccess(c, 'codeDiscountNodeByCode', 'read_discounts');
      const d = s.discounts.find((x) => x.code.toLowerCase() === code.toLowerCase());
      return d ? discountNodeView(c, d) : null;
    },
  };
}
