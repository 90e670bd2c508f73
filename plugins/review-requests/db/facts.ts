// Capability RequestFacts (plugin.ts `provides`): what the queue entry behind a request knows about
// the order, for the email-marketing apps' events. The shape: @plaudit/contracts/review-requests.
import type { RequestFactsApi } from '@plaudit/contracts/review-requests';
import { entryById, type LineItem } from './queue';

export const requestFacts: RequestFactsApi = {
  async orderFacts(tenant, { queueEntryId }) {
    const row = await entryById(tenant, queueEntryId)
      .where({ queueType: 'email' })
      .first('orderId', 'name', 'customerEmail', 'customerName', 'customerLocale', 'lineItems');
    if (!row) return undefined;
    const [firstName, ...rest] = (row.customerName ?? '').split(' ').filter(Boolean);
    return {
      orderId: row.orderId,
      orderName: row.name ?? '',
      customer: { email: row.customerEmail, firstName: firstName ?? null, lastName: rest.join(' ') || null, locale: row.customerLocale },
      lineItems: (row.lineItems as LineItem[])
        .filter((li) => li.productId)
        .map((li) => ({ productId: li.productId!, title: li.title, imageUrl: li.productImage ?? li.image ?? null })),
    };
  },
};
