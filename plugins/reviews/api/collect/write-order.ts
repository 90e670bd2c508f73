// The order behind a signed write link: from review-requests' facts when that plugin is installed
// (no second call to Shopify), else (plugin absent, entry unknown to it) from the store's Admin API.
import type { ApiServices, Tenant } from '@plaudit/kernel';
import { REQUEST_FACTS, type OrderFacts, type RequestFacts } from '../../shared/facts';
import type { WriteLink } from '../../shared/links';

export interface WriteOrder {
  email: string | null;
  country: string | null;
  customerId: string | null;
  customer: OrderFacts['customer'];
  lineItems: { productId: string; title: string; imageUrl: string | null; lineItemId: string | null }[];
}

export async function writeOrder({ capabilities, platform }: Pick<ApiServices, 'capabilities' | 'platform'>, tenant: Tenant, link: WriteLink): Promise<WriteOrder | undefined> {
  // Facts are a shortcut: an entry they do not know (removed since, another order) asks the store.
  const found = await capabilities.get<RequestFacts>(REQUEST_FACTS)?.orderFacts(tenant, { queueEntryId: link.queueEntryId });
  if (found?.orderId === link.orderId) {
    return { email: found.customer.email, country: null, customerId: null, customer: found.customer, lineItems: found.lineItems.map((li) => ({ ...li, lineItemId: li.lineItemId ?? null })) };
  }
  const order = platform ? await platform.adminApi(tenant.shopDomain).order(`gid://shopify/Order/${link.orderId}`) : null;
  if (!order) return undefined;
  return {
    email: order.email,
    country: order.shippingAddress?.countryCodeV2 ?? null,
    customerId: order.customer?.id ?? null,
    customer: { email: order.email, firstName: order.customer?.firstName ?? null, lastName: order.customer?.lastName ?? null, locale: link.locale ?? null },
    lineItems: order.lineItems.nodes.flatMap((li) => (li.product ? [{ productId: li.product.id, title: li.title, imageUrl: li.image?.url ?? null, lineItemId: li.id }] : [])),
  };
}
