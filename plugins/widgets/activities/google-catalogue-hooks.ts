// products/update and products/delete drop the product's identifiers kept for the Google feed
// (shared/google-catalogue.ts), so the next fetch reads them again. Dropping, not writing the
// payload's barcodes, keeps it right whatever the order or number of deliveries.
// Payloads (REST Product; products/delete carries only the id):
// https://shopify.dev/docs/api/webhooks/latest?reference=toml#list-of-topics-products/update
import type { ActivityDeps, PlatformHooks, WebhookDelivery } from '@plaudit/kernel';
import { forgetProductIds } from '../shared/google-catalogue';

/** The product's gid: `admin_graphql_api_id`, else built from `id` (a string above 2^53). */
const productGid = (body: { id?: unknown; admin_graphql_api_id?: unknown }) =>
  typeof body.admin_graphql_api_id === 'string' ? body.admin_graphql_api_id : body.id == null ? null : `gid://shopify/Product/${String(body.id)}`;

export function googleCatalogueHooks(deps: ActivityDeps): PlatformHooks['webhooks'] {
  const forget = async (d: WebhookDelivery, body: { id?: unknown; admin_graphql_api_id?: unknown }) => {
    const gid = productGid(body);
    if (d.shopId && gid) await forgetProductIds(deps.tenant(d.shopId, d.shopDomain), gid);
  };
  return { 'products/update': forget, 'products/delete': forget };
}
