// Shopify delivers a product's webhooks at least once and "not necessarily in the order of changes
// made" (https://shopify.dev/changelog/webhooks-delivered-from-shopify-are-being-improved-to-send-payloads-more-efficiently),
// and we process each on its own (one workflow a delivery). A product's newest change applied is kept:
// an older products/update is ignored, and after products/delete none is applied (Shopify never
// reuses a product id). Called under the shop's lock (db/rules.ts lockShop).
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';

const CHANGES = 'product_group_changes';

export interface ProductChange {
  /** the payload's updated_at (whole seconds), else when Shopify triggered the webhook */
  at: Date;
  /** the webhook's X-Shopify-Triggered-At: orders two changes of the same second */
  triggeredAt: Date | null;
  deleted: boolean;
}

/** Whether a change comes after the one applied before (a repeat of it does too: applying it again is harmless). */
export function supersedes(change: ProductChange, seen: ProductChange | undefined): boolean {
  if (!seen) return true;
  if (seen.deleted) return false;
  if (change.deleted) return true;
  const by = change.at.getTime() - seen.at.getTime();
  if (by !== 0) return by > 0;
  return !change.triggeredAt || !seen.triggeredAt || change.triggeredAt >= seen.triggeredAt;
}

/** Records the product's change and answers true, unless a later change (or its deletion) was applied before. */
export async function isNewestChange(tenant: Tenant, trx: Knex.Transaction, productId: string, change: ProductChange): Promise<boolean> {
  const row: { changedAt: Date; triggeredAt: Date | null; deleted: boolean } | undefined = await tenant
    .table(CHANGES, trx)
    .where('product_id', productId)
    .first('changed_at', 'triggered_at', 'deleted');
  if (!supersedes(change, row && { at: new Date(row.changedAt), triggeredAt: row.triggeredAt && new Date(row.triggeredAt), deleted: row.deleted }))
    return false;
  await tenant
    .insertInto(CHANGES, { productId, changedAt: change.at, triggeredAt: change.triggeredAt, deleted: change.deleted }, trx)
    .onConflict(['shop_id', 'product_id'])
    .merge(['changed_at', 'triggered_at', 'deleted']);
  return true;
}
