// The customer portal's data (the customer account page block): the signed-in customer's products
// still waiting for their review, each with a signed write-review link, and their own reviews. The
// customer is only ever the one Shopify's app proxy signed for (`logged_in_customer_id`); their
// orders come from the store's Admin API, their reviews from the review feed, both under the shop's
// tenant. README.md "Customer portal" records the choices.
import type { Platform, Tenant } from '@plaudit/kernel';
import type { AwaitingProduct, CustomerPortalData } from '../shared/widget-types';
import type { ReviewFeedApi, ReviewWriteApi } from '@plaudit/contracts/reviews';

/** The write links' lifetime: a page left open for a while still works. */
const LINK_DAYS = 30;
export const MAX_AWAITING = 20;

// 10 orders of 10 lines stay far under Shopify's single-query cost limit (about 330 of 1000).
const CUSTOMER_ORDERS = `query PortalCustomer($id: ID!) {
  customer(id: $id) {
    id
    defaultEmailAddress { emailAddress }
    orders(first: 10, sortKey: CREATED_AT, reverse: true) {
      nodes { id cancelledAt lineItems(first: 10) { nodes { title image { url } product { id handle } } } }
    }
  }
}`;

interface CustomerOrders {
  customer: {
    id: string;
    defaultEmailAddress: { emailAddress: string } | null;
    orders: {
      nodes: {
        id: string;
        cancelledAt: string | null;
        lineItems: { nodes: { title: string; image: { url: string } | null; product: { id: string; handle: string } | null }[] };
      }[];
    };
  } | null;
}

export interface PortalSources {
  feed: ReviewFeedApi;
  platform?: Platform;
  /** the reviews plugin's `ReviewWrite` (optional): the email's write link */
  links?: Pick<ReviewWriteApi, 'writeUrl'>;
  warn(msg: string, err: unknown): void;
}

interface Purchases {
  email: string | null;
  /** newest order first, each product once, with the order it was last bought in */
  products: { productId: string; handle: string; title: string; imageUrl: string | null; orderId: string }[];
}

async function purchasesOf(platform: Platform, shopDomain: string, customerId: string): Promise<Purchases | null> {
  const { customer } = await platform.adminApi(shopDomain).graphql<CustomerOrders>(CUSTOMER_ORDERS, { id: `gid://shopify/Customer/${customerId}` });
  if (!customer) return null;
  const seen = new Map<string, Purchases['products'][number]>();
  for (const order of customer.orders.nodes) {
    if (order.cancelledAt) continue;
    for (const li of order.lineItems.nodes) {
      if (!li.product || seen.has(li.product.id)) continue;
      seen.set(li.product.id, {
        productId: li.product.id,
        handle: li.product.handle,
        title: li.title,
        imageUrl: li.image?.url ?? null,
        orderId: order.id.split('/').pop()!,
      });
    }
  }
  return { email: customer.defaultEmailAddress?.emailAddress ?? null, products: [...seen.values()] };
}

/** The portal of the customer the app proxy signed for; empty for a guest. */
export async function customerPortal(
  src: PortalSources,
  tenant: Tenant,
  customerId: string | null | undefined,
  opts: { includePending: boolean; after?: string },
): Promise<CustomerPortalData> {
  if (!customerId) return { signedIn: false, awaiting: [], page: { items: [], nextCursor: null } };
  const purchases = src.platform
    ? await purchasesOf(src.platform, tenant.shopDomain, customerId).catch((err) => {
        // Without the store's answer the portal still lists the customer's reviews.
        src.warn("customer portal: the customer's orders could not be read", err);
        return null;
      })
    : null;
  const customer = { id: customerId, email: purchases?.email ?? null };
  const bought = purchases?.products ?? [];
  const [page, reviewed] = await Promise.all([
    src.feed.reviews(tenant, { customer: { ...customer, includePending: opts.includePending }, sort: 'newest', after: opts.after, limit: 20 }),
    src.feed.reviewedProducts(
      tenant,
      customer,
      bought.map((p) => p.productId),
    ),
  ]);
  const done = new Set(reviewed);
  const awaiting: AwaitingProduct[] = bought
    .filter((p) => !done.has(p.productId))
    .slice(0, MAX_AWAITING)
    .map((p) => ({
      productId: p.productId,
      title: p.title,
      handle: p.handle,
      imageUrl: p.imageUrl,
      writeUrl:
        src.links?.writeUrl({ shopDomain: tenant.shopDomain, queueEntryId: 0, orderId: p.orderId, productId: p.productId, expiresInDays: LINK_DAYS }) ?? null,
    }));
  return { signedIn: true, awaiting, page };
}
