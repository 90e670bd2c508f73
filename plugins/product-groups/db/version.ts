// The shop's groups version (product_group_versions): bumped on every change to its groups, then
// announced on the review feed's channel so every API process drops its cached review boxes and
// stars (the widgets count this version in their settings version).
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';

const VERSIONS = 'product_group_versions';

export async function groupsVersion(tenant: Tenant): Promise<string> {
  const row: { version: string } | undefined = await tenant.table(VERSIONS).first('version');
  return String(row?.version ?? 0);
}

/** `channel`: the review feed's (ReviewFeed.channel); without the reviews plugin nothing is cached. */
export async function bumpVersion(knex: Knex, tenant: Tenant, channel: string | undefined) {
  // tenancy: the tenant's own row; the raw fragment only adds one to it on conflict
  await tenant
    .insertInto(VERSIONS, { version: 1 })
    .onConflict('shop_id')
    .merge({ version: knex.raw('product_group_versions.version + 1') });
  // tenancy: no rows read or written; the notification names the shop
  if (channel) await knex.raw('SELECT pg_notify(?, ?)', [channel, String(tenant.shopId)]);
}
