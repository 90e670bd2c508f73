// A channel's re-sync (Shopify's metaobjects or Google's push): the shop's current run and its workflow,
// recorded in one transaction (the outbox starts the workflow once it commits).
import crypto from 'node:crypto';
import type { ApiServices, Tenant } from '@plaudit/kernel';
import { beginGoogleBackfill } from '../db/google-state';
import { beginBackfill } from '../db/state';
import { backfillWorkflowId } from '../shared/backfill';
import { googleBackfillWorkflowId } from '../shared/google-backfill';
import { SyndicationBackfill, SyndicationGoogleBackfill } from '../shared/workflows';

const CHANNELS = {
  shopify: { label: 'Shopify', begin: beginBackfill, workflow: SyndicationBackfill, workflowId: backfillWorkflowId },
  google: { label: 'Google', begin: beginGoogleBackfill, workflow: SyndicationGoogleBackfill, workflowId: googleBackfillWorkflowId },
};

/** Starts the channel's re-sync; answers its run (unique even for two re-syncs in the same millisecond). */
export async function startResync(services: ApiServices, tenant: Tenant, channel: keyof typeof CHANNELS): Promise<string> {
  const { label, begin, workflow, workflowId } = CHANNELS[channel];
  const run = `${Date.now()}-${crypto.randomBytes(4).toString('hex')}`;
  await services.knex.transaction(async (trx) => {
    await begin(tenant, run, trx);
    await services.outbox.start(
      workflow,
      {
        workflowId: workflowId(tenant.shopDomain, run),
        args: [{ shopId: tenant.shopId, shopDomain: tenant.shopDomain, run }],
        shopDomain: tenant.shopDomain,
        summary: `Re-sync of ${tenant.shopDomain}'s reviews to ${label}`,
      },
      trx,
    );
  });
  return run;
}
