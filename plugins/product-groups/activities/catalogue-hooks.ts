// The product webhooks keep the rule groups in step with the store: products/create and
// products/update place the product by its tags and SKUs (the REST Product payload) and, in a shop
// with groups by metafield, by the values of those metafields read from the store (one Admin API call:
// the payload carries no metafields, README "Groups by metafield"); products/delete takes it out of
// any group. Placing is idempotent, so a repeated delivery does no harm, and a late one (an older
// updated_at than the change applied, or after the product's deletion) is ignored (db/changes.ts).
// Payloads: https://shopify.dev/docs/api/webhooks/latest?reference=toml#list-of-topics-products/update
import type { ActivityDeps, PlatformHooks, Tenant, WebhookDelivery } from '@plaudit/kernel';
import { ReviewFeed } from '@plaudit/contracts/reviews';
import { distinctMetafields, productValues } from '../api/metafields';
import { forgetProduct, type MetafieldReader, placeProduct } from '../db/rules';
import { bumpVersion } from '../db/version';
import { productOfPayload } from '../shared/rules';

const timeOf = (t: unknown) => (typeof t === 'string' && !Number.isNaN(Date.parse(t)) ? new Date(t) : null);

/** When the store changed the product: the payload's updated_at, else when Shopify sent the webhook. */
function changeOf(d: WebhookDelivery, updatedAt?: unknown) {
  const triggeredAt = timeOf(d.triggeredAt);
  return { at: timeOf(updatedAt) ?? triggeredAt ?? new Date(), triggeredAt };
}

export function catalogueHooks(deps: ActivityDeps): PlatformHooks['webhooks'] {
  // a product changed group: the widgets' cached boxes and stars of the shop drop
  const changed = (tenant: Tenant) => bumpVersion(deps.knex, tenant, deps.capabilities.get(ReviewFeed)?.channel);
  const place = async (d: WebhookDelivery, body: Parameters<typeof productOfPayload>[0] & { updated_at?: unknown }) => {
    const product = productOfPayload(body ?? {});
    if (!d.shopId || !product) return;
    const tenant = deps.tenant(d.shopId, d.shopDomain);
    const platform = deps.platform;
    const read: MetafieldReader | undefined = platform && ((id, rules) => productValues(platform.adminApi(d.shopDomain), id, distinctMetafields(rules)));
    if (await placeProduct(deps.knex, tenant, product, changeOf(d, body?.updated_at), read)) await changed(tenant);
  };
  const forget = async (d: WebhookDelivery, body: { id?: unknown }) => {
    const product = productOfPayload(body ?? {});
    if (!d.shopId || !product) return;
    const tenant = deps.tenant(d.shopId, d.shopDomain);
    if (await forgetProduct(deps.knex, tenant, product.id, changeOf(d))) await changed(tenant);
  };
  return { 'products/create': place, 'products/update': place, 'products/delete': forget };
}
