// topics.updated for the public API's subscribers (TopicsChanged, contracts/insights.ts): which
// products' counts changed, recorded in the transaction that changed them, at most 500 products an
// event (as the reviews' change events carry at most 500 reviews). A rebuild says "every product".
import type { Knex } from 'knex';
import type { EventBus, Tenant } from '@plaudit/kernel';
import { TopicsChanged } from '@plaudit/contracts/insights';
import type { TopicCount } from '@plaudit/contracts/insights';

const PER_EVENT = 500;

export type TopicEvents = Pick<EventBus, 'emit'>;

export async function announceTopics(events: TopicEvents, tenant: Tenant, productIds: string[] | null, trx?: Knex.Transaction): Promise<void> {
  const at = new Date();
  const chunks =
    productIds === null
      ? [null]
      : Array.from({ length: Math.ceil(productIds.length / PER_EVENT) }, (_, i) => productIds.slice(i * PER_EVENT, (i + 1) * PER_EVENT));
  for (const chunk of chunks) {
    const payload = { shopId: tenant.shopId, shopDomain: tenant.shopDomain, productIds: chunk, at: at.toISOString() };
    await events.emit(TopicsChanged, payload, { key: `${tenant.shopId}:${chunk?.[0] ?? '*'}:${at.getTime()}`, shopDomain: tenant.shopDomain, trx });
  }
}

type CountRow = TopicCount & { productId: string };

/** the products whose rows differ between two readings of their counts */
export function changedProducts(productIds: string[], before: CountRow[], after: CountRow[]): string[] {
  const shape = (rows: CountRow[]) => {
    const byProduct = new Map<string, string[]>();
    for (const r of rows) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), `${r.topic}:${r.positive}:${r.negative}`]);
    return (id: string) => (byProduct.get(id) ?? []).sort().join(',');
  };
  const [was, is] = [shape(before), shape(after)];
  return productIds.filter((id) => was(id) !== is(id));
}
