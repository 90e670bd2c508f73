// The order behind a signed write link: as review-requests announced it when the request went out
// (db/write-orders.ts: no second call to Shopify), else (no such announcement: review-requests
// absent, a push reminder's link, the event not handled yet) from the store's Admin API.
import type { ApiServices, Tenant } from '@plaudit/kernel';
import { writeOrderOf, type WriteOrderFacts } from '../../db/write-orders';
import type { WriteLink } from '../../shared/links';

export interface WriteOrder {
  email: string | null;
  country: string | null;
  customerId: string | null;
  customer: WriteOrderFacts['customer'];
  lineItems: { productId: string; title: string; imageUrl: string | null; lineItemId: string | null }[];
}

export async function writeOrder({ platform }: Pick<ApiServices, 'platform'>, tenant: Tenant, link: WriteLink): Promise<WriteOrder | undefined> {
  const found = await writeOrderOf(tenant, link.queueEntryId, link.orderId);
  if (found) {
    return {
      email: found.customer.email,
      country: null,
      customerId: null,
      customer: found.customer,
      lineItems: found.lineItems.map((li) => ({ ...li, lineItemId: null })),
    };
  }
  const order = platform ? await platform.adminApi(tenant.shopDomain).order(`gid://shopify/Order/${link.orderId}`) : null;
  if (!order) return undefined;
  return {
    email: order.email,
    country: order.shippingAddress?.countryCodeV2 ?? null,
    customerId: order.customer?.id ?? null,
    customer: { email: order.email, firstName: order.customer?.firstName ?? null, lastName: order.customer?.lastName ?? null, locale: link.locale ?? null },
    lineItems: order.lineItems.nodes.flatMap((li) =>
      li.product ? [{ productId: li.product.id, title: li.title, imageUrl: li.image?.url ?? null, lineItemId: li.id }] : [],
    ),
  };
}
