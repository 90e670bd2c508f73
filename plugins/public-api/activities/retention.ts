// The delivery log keeps 30 days: finished deliveries older than that are deleted every hour, in
// batches, so the table stays the size of a month of webhooks.
import type { ActivityDeps } from '@plaudit/kernel';

export const DELIVERY_RETENTION_DAYS = 30;
const BATCH = 5000;

export async function purgeDeliveries(deps: ActivityDeps, retentionDays = DELIVERY_RETENTION_DAYS): Promise<number> {
  const before = new Date(Date.now() - retentionDays * 86_400_000);
  let total = 0;
  for (;;) {
    // tenancy: retention runs across shops by design; it only deletes finished, old deliveries
    const old = deps.knex('outgoing_webhook_deliveries').whereIn('status', ['delivered', 'failed']).where('createdAt', '<', before).select('id').limit(BATCH);
    // tenancy: the ids selected just above
    const n = await deps.knex('outgoing_webhook_deliveries').whereIn('id', old).del();
    total += n;
    if (n < BATCH) return total;
  }
}
