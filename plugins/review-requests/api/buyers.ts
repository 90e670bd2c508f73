// RequestBuyers (plugin.ts `provides`, @plaudit/contracts/review-requests): a product's verified buyers as this
// plugin knows them from its orders, for the questions plugin's "ask the community". Only customers
// with a fulfilled or delivered order of the product, never one who unsubscribed from review
// requests or whom the merchant blocked; and the unsubscribe link of review requests, so a buyer who
// unsubscribes from an invitation stops review requests too (one list, one link).
import type { KernelServices, Tenant } from '@plaudit/kernel';
import type { RequestBuyersApi, VerifiedBuyer } from '@plaudit/contracts/review-requests';
import { isBlocked } from '../db/queue';
import { requestLinks } from '../shared/request-links';

/** As long as a request's own unsubscribe link. */
const LINK_DAYS = 60;

/** 'gid://shopify/Customer/7' and '7' name the same customer. */
const customerDigits = (id: string) => id.replace(/^gid:\/\/shopify\/Customer\//, '');

export function requestBuyers(services: Pick<KernelServices, 'links' | 'config'>): RequestBuyersApi {
  return {
    /**
     * Up to `limit` (at most 100) buyers of the product, the latest purchase first, each once.
     * `exclude` lists emails (any case) and Shopify customer ids (digits or gid) to leave out.
     */
    async verifiedBuyers(tenant: Tenant, productId: string, limit: number, exclude: string[] = []): Promise<VerifiedBuyer[]> {
      const emails = exclude.filter((e) => e.includes('@')).map((e) => e.toLowerCase());
      const ids = exclude.filter((e) => !e.includes('@')).map(customerDigits);
      const latest = tenant
        .table('email_queue')
        .where({ queueType: 'email', demo: false })
        .whereNotNull('customerEmail')
        .where((w) => w.whereNotNull('fulfilledDate').orWhereNotNull('deliveredAt'))
        .whereRaw('line_items @> ?::jsonb', [JSON.stringify([{ productId }])])
        // tenancy: the blocked row is matched on this entry's own shop_id
        .whereNotExists((q) =>
          q
            .from('blocked_customers as b')
            .whereRaw('b.shop_id = email_queue.shop_id')
            .where((w) => w.whereRaw('b.email = email_queue.customer_email').orWhereRaw('b.shopify_customer_id = email_queue.shopify_customer_id')),
        )
        .distinctOn('customerEmail')
        .select('customerEmail', 'customerName', 'customerLocale', 'shopifyCustomerId', 'id')
        .orderBy([{ column: 'customerEmail' }, { column: 'id', order: 'desc' }]);
      if (emails.length) latest.whereNotIn('customerEmail', emails);
      if (ids.length) latest.where((w) => w.whereNull('shopifyCustomerId').orWhereNotIn('shopifyCustomerId', ids));
      const rows: { customerEmail: string; customerName: string | null; customerLocale: string | null; shopifyCustomerId: string | null; id: number }[] =
        await latest;
      return rows
        .sort((a, b) => Number(b.id) - Number(a.id))
        .slice(0, Math.max(0, Math.min(limit, 100)))
        .map((r) => ({ email: r.customerEmail, name: r.customerName, locale: r.customerLocale, customerId: r.shopifyCustomerId }));
    },

    /** Whether the customer unsubscribed from review requests or was blocked (checked again before each send). */
    blocked: (tenant: Tenant, email: string) => isBlocked(tenant, email),

    /**
     * The review-requests unsubscribe link for this customer (their latest request names it, as the
     * route expects), or undefined when the shop has no request for that email.
     */
    async unsubscribeUrl(tenant: Tenant, email: string): Promise<string | undefined> {
      const row = await tenant
        .table('email_queue')
        .where({ queueType: 'email', customerEmail: email.toLowerCase() })
        .orderBy('id', 'desc')
        .first('id', 'orderId');
      if (!row) return undefined;
      return requestLinks(services, tenant.shopDomain, { queueEntry: Number(row.id), orderId: row.orderId }, LINK_DAYS).unsubscribe;
    },
  };
}
