// The metaobjects/* webhooks of our product_review metaobjects: a merchant's edit or deletion of one
// in the Shopify admin is put right, since the metaobject mirrors the review as Plaudit shows it
// (README.md, "Edits and deletions in Shopify's admin"). Shopify also sends these topics for our own
// upserts and deletes; those are recognised and left alone, so a change never answers itself:
// - create / update: nothing to do when the fields are those our last upsert left (their hash, as
//   Shopify answered that upsert). Otherwise the metaobject is read as Shopify holds it now: Shopify
//   delivers webhooks late and out of order (https://shopify.dev/docs/apps/build/webhooks), so this one
//   may tell of a state our next write already replaced (a review's first write, read after its second:
//   putting that "right" wrote again and could land on a merchant's edit made since). Nothing to do when
//   it is now our last write, gone (the delete webhook's business) or means what we would send; otherwise
//   the review is brought in line again (syncReview: upserted, or deleted when it no longer goes to
//   Shopify), at most once a minute per review (a value Shopify stores differently than both checks
//   expect cannot loop).
// - delete: the metaobject we hold for a review that still goes is made again; any other deletion
//   (ours, an older metaobject's) changes nothing.
// Payloads: https://shopify.dev/docs/api/webhooks/latest?reference=toml#list-of-topics-metaobjects/create
import type { ActivityDeps, PlatformHooks, Tenant, WebhookDelivery } from '@plaudit/kernel';
import { itemOf, noteRestore } from '../db/state';
import { METAOBJECT_TYPE, ineligibility, metaobjectFields, reviewIdOfHandle } from '../shared/metaobject';
import { fieldsHash, sameFields } from '../shared/metaobject-compare';
import { SETTINGS_DEFAULTS, SETTINGS_NAMESPACE, syndicationSettingsSchema } from '../shared/settings';
import { currentFields, gather, syncReview } from './shopify';

/** A review's metaobject is put right at most this often. */
export const RESTORE_GAP_MS = 60_000;

interface MetaobjectPayload {
  id?: string;
  type?: string;
  handle?: string;
  fields?: Record<string, string>;
}

export function metaobjectHooks(deps: ActivityDeps): NonNullable<PlatformHooks['webhooks']> {
  const settings = deps.settings.namespace(SETTINGS_NAMESPACE, syndicationSettingsSchema, SETTINGS_DEFAULTS);

  /** Our review behind the metaobject, when the shop syndicates to Shopify. */
  async function ours(d: WebhookDelivery, body: MetaobjectPayload): Promise<{ tenant: Tenant; reviewId: number } | undefined> {
    if (!d.shopId || body.type !== METAOBJECT_TYPE || !body.handle) return undefined;
    const reviewId = reviewIdOfHandle(body.handle);
    if (!reviewId || !(await settings.get(d.shopId)).shopifyEnabled) return undefined;
    return { tenant: deps.tenant(d.shopId, d.shopDomain), reviewId };
  }

  async function saved(d: WebhookDelivery, body: MetaobjectPayload) {
    const found = await ours(d, body);
    if (!found) return;
    const { tenant, reviewId } = found;
    const item = await itemOf(tenant, reviewId);
    const ourLastWrite = (fields: Record<string, string>) => !!item?.fieldsHash && item.fieldsHash === fieldsHash(fields);
    // the fields our last upsert left: our own write
    if (ourLastWrite(body.fields ?? {})) return;
    const now = body.id ? await currentFields(deps, d.shopDomain, body.id) : body.fields;
    if (!now || ourLastWrite(now)) return;
    const review = await gather(deps, tenant, reviewId);
    if (!review) return;
    if (!ineligibility(review) && sameFields(now, metaobjectFields(review, { appUrl: deps.config.appUrl }))) return;
    if (item?.restoredAt && Date.now() - item.restoredAt.getTime() < RESTORE_GAP_MS) return;
    if (item) await noteRestore(tenant, reviewId);
    await syncReview(deps, tenant, d.shopDomain, reviewId);
  }

  async function deleted(d: WebhookDelivery, body: MetaobjectPayload) {
    const found = await ours(d, body);
    if (!found) return;
    const { tenant, reviewId } = found;
    const item = await itemOf(tenant, reviewId);
    // only the metaobject we hold for the review: our own deletes leave the item removed, an older one's id differs
    if (item?.state !== 'synced' || item.metaobjectId !== body.id) return;
    await syncReview(deps, tenant, d.shopDomain, reviewId);
  }

  return { 'metaobjects/create': saved, 'metaobjects/update': saved, 'metaobjects/delete': deleted };
}
