// What the storefront form needs from the store: the product reviewed (title, handle), and for a
// logged-in customer their name, email and whether they bought it. Decision: "bought" means one of
// the customer's 20 most recent orders (their first 20 lines) holds the product, or any order for
// a store review; that keeps one submission's query under Shopify's single-query cost limit (1000).
// A customer whose purchase is older than that is stored, but not verified.
import type { Platform } from '@plaudit/kernel';

const PRODUCT = `query ReviewProduct($id: ID!) { product(id: $id) { id title handle } }`;
const CUSTOMER = `query ReviewCustomer($id: ID!) {
  customer(id: $id) {
    id firstName lastName defaultEmailAddress { emailAddress }
    orders(first: 20, sortKey: CREATED_AT, reverse: true) { nodes { id lineItems(first: 20) { nodes { id product { id } } } } }
  }
}`;

export interface ReviewedProduct {
  id: string;
  title: string;
  handle: string;
}

export interface Purchase {
  /** numeric order id, as review-request links carry it */
  orderId: string;
  lineItemId: string | null;
}

export interface Reviewer {
  customerGid: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** the orders (newest first) with the product, or every order for a store review */
  purchases: Purchase[];
}

export async function findProduct(platform: Platform, shopDomain: string, productGid: string): Promise<ReviewedProduct | null> {
  const data = await platform.adminApi(shopDomain).graphql<{ product: ReviewedProduct | null }>(PRODUCT, { id: productGid });
  return data.product;
}

interface CustomerData {
  customer: {
    id: string;
    firstName: string | null;
    lastName: string | null;
    defaultEmailAddress: { emailAddress: string } | null;
    orders: { nodes: { id: string; lineItems: { nodes: { id: string; product: { id: string } | null }[] } }[] };
  } | null;
}

/** The logged-in customer (app proxy's logged_in_customer_id) and their purchases of the product. */
export async function findReviewer(platform: Platform, shopDomain: string, customerId: string, productGid: string | null): Promise<Reviewer | null> {
  const customerGid = customerId.startsWith('gid://') ? customerId : `gid://shopify/Customer/${customerId}`;
  const { customer } = await platform.adminApi(shopDomain).graphql<CustomerData>(CUSTOMER, { id: customerGid });
  if (!customer) return null;
  const purchases: Purchase[] = [];
  for (const order of customer.orders.nodes) {
    const orderId = order.id.split('/').pop()!;
    if (!productGid) purchases.push({ orderId, lineItemId: null });
    else for (const li of order.lineItems.nodes) if (li.product?.id === productGid) purchases.push({ orderId, lineItemId: li.id });
  }
  return {
    customerGid: customer.id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.defaultEmailAddress?.emailAddress ?? null,
    purchases,
  };
}
