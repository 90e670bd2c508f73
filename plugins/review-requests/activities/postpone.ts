// "Not arrived yet?" (issue 32): the customer's postponement of a sent request, recorded on its
// queue entry (the queue row shows it) when the workflow takes the signal. Once per request.
import type { ActivityDeps } from '@plaudit/kernel';
import type { RequestRef } from '../workflows/messages';
import { entryOf } from '../db/queue';
import { requestSettingsOf } from '../db/settings';
import { addInZone } from '../shared/zoned-time';

const WEEK = { amount: 7, unit: 'day' } as const;

/** Records the postponement; answers until when the request waits at most for the delivery. */
export async function postponeRequest(deps: ActivityDeps, ref: RequestRef, at: string): Promise<{ until: string }> {
  const entry = () => entryOf(deps.tenant(ref.shopId, ref.shopDomain), ref.orderId);
  const row = await entry().first('postponedAt', 'postponedUntil');
  // a retried activity answers what it recorded
  if (row?.postponedUntil) return { until: new Date(row.postponedUntil).toISOString() };
  const { amount, unit } = (await requestSettingsOf(deps.settings).get(ref.shopId)).postponeFor ?? WEEK;
  const zone = (await deps.shops.get(ref.shopId))?.timezone ?? 'UTC';
  const until = addInZone(new Date(at), amount, unit, zone);
  await entry().update({ postponedAt: new Date(at), postponedUntil: until, updatedAt: new Date() });
  return { until: until.toISOString() };
}
