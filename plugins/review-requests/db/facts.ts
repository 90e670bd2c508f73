// Capability 'review-requests.facts' (plugin.ts `provides`): what the queue entry behind a review
// link knows about the order, so the reviews plugin's review page need not fetch the order from the
// store again. The shape is the reviews plugin's consumer interface (see README.md).
import type { Tenant } from '@plaudit/kernel';
import { entryById, type LineItem } from './queue';

export interface RequestOrderFacts {
  orderId: string;
  orderName: string;
  customer: { email: string | null; firstName: string | null; lastName: string | null; locale: string | null };
  lineItems: { productId: string; title: string; imageUrl: string | null }[];
}

export const requestFacts = {
  async orderFacts(tenant: Tenant, { queueEntryId }: { queueEntryId: number }): Promise<RequestOrderFacts | undefined> {
    const row = await entryById(tenant, queueEntryId).where({ queueType: 'email' }).first('orderId', 'name', 'customerEmail', 'customerName', 'customerLocale', 'lineItems');
    if (!row) return undefined;
    const [firstName, ...rest] = (row.customerName ?? '').split(' ').filter(Boolean);
    return {
      orderId: row.orderId,
      orderName: row.name ?? '',
      customer: { email: row.customerEmail, firstName: firstName ?? null, lastName: rest.join(' ') || null, locale: row.customerLocale },
      lineItems: (row.lineItems as LineItem[]).filter((li) => li.productId).map((li) => ({ productId: li.productId!, title: li.title, imageUrl: li.productImage ?? li.image ?? null })),
    };
  },
};
