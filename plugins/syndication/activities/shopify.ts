// One review brought in line with Shopify: upserted to its product_review metaobject when shoppers
// see it and the program takes it, deleted otherwise. Idempotent (the handle is the review's), so
// an event delivered twice, or a re-sync over reviews already there, changes nothing.
import type { ActivityDeps, AdminApi, Tenant } from '@plaudit/kernel';
import { ReviewAdmin, ReviewFacts, ReviewFeed, ReviewTexts } from '@plaudit/contracts/reviews';
import { itemOf, noteSync, recordItem, syncedReviewIds } from '../db/state';
import { ineligibility, METAOBJECT_TYPE, metaobjectFields, reviewHandle, type ReviewForShopify } from '../shared/metaobject';
import { fieldsHash } from '../shared/metaobject-compare';

const ENABLE = `mutation SyndicationEnable($type: String!) {
  standardMetaobjectDefinitionEnable(type: $type) { metaobjectDefinition { type } userErrors { field message code } } }`;
const UPSERT = `mutation SyndicationUpsert($handle: MetaobjectHandleInput!, $metaobject: MetaobjectUpsertInput!) {
  metaobjectUpsert(handle: $handle, metaobject: $metaobject) { metaobject { id fields { key value } } userErrors { field message code elementKey } } }`;
const BY_HANDLE = `query SyndicationByHandle($handle: MetaobjectHandleInput!) { metaobjectByHandle(handle: $handle) { id } }`;
const CURRENT = `query SyndicationCurrent($id: ID!) { metaobject(id: $id) { fields { key value } } }`;
const DELETE = `mutation SyndicationDelete($id: ID!) { metaobjectDelete(id: $id) { deletedId userErrors { field message code } } }`;

interface UserError {
  message: string;
  code?: string | null;
  elementKey?: string | null;
}

/** Shopify's answer after the kernel's own retries still said THROTTLED: wait as it asks, up to this many times. */
const THROTTLE_WAITS = 30;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs a call; a bucket still empty after the kernel's retries (PlatformThrottledError) is waited
 * for here, so a burst of changes slows down instead of failing and redelivering the whole event.
 */
export async function patiently<T>(call: () => Promise<T>): Promise<T> {
  for (let wait = 0; ; wait++) {
    try {
      return await call();
    } catch (err) {
      const e = err as Error & { retryAfterS?: number };
      if (e.name !== 'PlatformThrottledError' || wait >= THROTTLE_WAITS) throw err;
      await sleep((e.retryAfterS ?? 2) * 1000);
    }
  }
}

/**
 * A metaobject's fields as Shopify holds them now (key -> value, a cleared field absent, as a webhook carries them), or
 * undefined when it is gone or the shop cannot be asked (no access to metaobjects, uninstalled: nothing to put right then).
 */
export async function currentFields(deps: ActivityDeps, shopDomain: string, id: string): Promise<Record<string, string> | undefined> {
  if (!deps.platform) return undefined;
  const api = deps.platform.adminApi(shopDomain);
  try {
    const r = await patiently(() => api.graphql<{ metaobject: { fields: { key: string; value: string | null }[] } | null }>(CURRENT, { id }));
    if (!r.metaobject) return undefined;
    return Object.fromEntries(r.metaobject.fields.filter((f) => f.value != null && f.value !== '').map((f) => [f.key, f.value as string]));
  } catch (err) {
    if (refusedForGood(err as Error)) return undefined;
    throw err;
  }
}

/** Shopify refused the call itself (the program's scopes missing) or the shop has no token (uninstalled): retrying cannot help. */
const refusedForGood = (e: Error) => e.constructor?.name === 'GraphqlQueryError' || e.name === 'NoSessionError';

/** The review as the metaobject needs it, from the reviews plugin's capabilities. */
export async function gather(deps: ActivityDeps, tenant: Tenant, reviewId: number): Promise<ReviewForShopify | undefined> {
  const feed = deps.capabilities.get(ReviewFeed);
  const facts = deps.capabilities.get(ReviewFacts);
  const admin = deps.capabilities.get(ReviewAdmin);
  if (!feed || !facts || !admin) return undefined;
  const [shown, sheet, api, texts] = await Promise.all([
    // a linked shop's copy is that shop's review, sent by it: here never (excludeCopies)
    feed.reviews(tenant, { ids: [reviewId], excludeDemo: true, excludeCopies: true, limit: 1 }),
    facts.reviewFacts(tenant, reviewId),
    admin.get(tenant, reviewId),
    deps.capabilities.get(ReviewTexts)?.read(tenant, [reviewId]),
  ]);
  const locale = sheet?.locale?.split(/[-_]/)[0]?.toLowerCase() ?? null;
  return { shown: shown.items[0], facts: sheet, publishedAt: api?.publishedAt ?? null, language: texts?.[0]?.language ?? locale };
}

async function enableDefinition(api: AdminApi): Promise<void> {
  const r = await patiently(() => api.graphql<{ standardMetaobjectDefinitionEnable: { userErrors: UserError[] } }>(ENABLE, { type: METAOBJECT_TYPE }));
  const errors = r.standardMetaobjectDefinitionEnable.userErrors;
  if (errors.length) throw new Error(`product_review definition not enabled: ${errors.map((e) => e.message).join('; ')}`);
}

async function upsert(api: AdminApi, reviewId: number, fields: { key: string; value: string }[]) {
  const call = () =>
    patiently(() =>
      api.graphql<{ metaobjectUpsert: { metaobject: { id: string; fields: { key: string; value: string | null }[] } | null; userErrors: UserError[] } }>(
        UPSERT,
        {
          handle: { type: METAOBJECT_TYPE, handle: reviewHandle(reviewId) },
          metaobject: { fields },
        },
      ),
    );
  let r = (await call()).metaobjectUpsert;
  // the shop never had the definition (or removed it): enable it once, then again
  if (r.userErrors.some((e) => e.code === 'UNDEFINED_OBJECT_TYPE')) {
    await enableDefinition(api);
    r = (await call()).metaobjectUpsert;
  }
  return r;
}

/** The metaobject's id: the one we stored, else Shopify's by handle (an upsert whose answer we lost). */
async function existingId(api: AdminApi, tenant: Tenant, reviewId: number): Promise<string | null> {
  const item = await itemOf(tenant, reviewId);
  if (item?.state === 'synced' && item.metaobjectId) return item.metaobjectId;
  if (item) return null;
  const r = await patiently(() =>
    api.graphql<{ metaobjectByHandle: { id: string } | null }>(BY_HANDLE, { handle: { type: METAOBJECT_TYPE, handle: reviewHandle(reviewId) } }),
  );
  return r.metaobjectByHandle?.id ?? null;
}

async function remove(api: AdminApi, tenant: Tenant, reviewId: number, reason: string) {
  const id = await existingId(api, tenant, reviewId);
  if (id) {
    const r = await patiently(() => api.graphql<{ metaobjectDelete: { userErrors: UserError[] } }>(DELETE, { id }));
    // already gone on Shopify's side (a merchant deleted it there): what we wanted
    const refused = r.metaobjectDelete.userErrors.filter((e) => e.code !== 'RECORD_NOT_FOUND');
    if (refused.length) return fail(tenant, reviewId, refused);
  }
  const item = await itemOf(tenant, reviewId);
  // a review never sent and never shown (pending, a store review) leaves no row
  if (id || item || reason !== 'not_shown') await recordItem(tenant, reviewId, 'removed', { reason });
  await noteSync(tenant);
}

async function fail(tenant: Tenant, reviewId: number, errors: UserError[]) {
  const message = errors.map((e) => (e.elementKey ? `${e.elementKey}: ${e.message}` : e.message)).join('; ');
  await recordItem(tenant, reviewId, 'failed', { reason: message });
  await noteSync(tenant, `review ${reviewId}: ${message}`);
}

/**
 * Brings one review in line. `editedAt`: the review's text was edited then (Shopify's Edited At).
 * A refusal Shopify would repeat (userErrors, a missing scope) is recorded, not retried; a transient
 * failure throws, and the event's delivery retries it.
 */
export async function syncReview(
  deps: ActivityDeps,
  tenant: Tenant,
  shopDomain: string,
  reviewId: number,
  o: { editedAt?: string; api?: AdminApi } = {},
): Promise<void> {
  if (!deps.platform) return;
  const review = await gather(deps, tenant, reviewId);
  if (!review) return;
  const { editedAt } = o;
  // a caller pacing many reviews passes one api and reads what its calls cost
  const api = o.api ?? deps.platform.adminApi(shopDomain);
  try {
    const why = ineligibility(review);
    if (why) return await remove(api, tenant, reviewId, why);
    const r = await upsert(api, reviewId, metaobjectFields(review, { appUrl: deps.config.appUrl, editedAt }));
    if (r.userErrors.length || !r.metaobject) return await fail(tenant, reviewId, r.userErrors);
    // the fields as Shopify stored them: the metaobjects/update webhook of this write carries the same
    await recordItem(tenant, reviewId, 'synced', { metaobjectId: r.metaobject.id, fieldsHash: fieldsHash(r.metaobject.fields) });
    await noteSync(tenant);
  } catch (err) {
    const e = err as Error;
    // refused for good: the screen shows it (the Shopify library's errors keep only their class's name)
    if (!refusedForGood(e)) throw err;
    await recordItem(tenant, reviewId, 'failed', { reason: e.message });
    await noteSync(tenant, e.message);
  }
}

/**
 * A re-sync's last step: reviews Shopify still holds that shoppers no longer see (unpublished or
 * deleted while syndication was off, or an event lost) are brought in line, which deletes them.
 * Only those cost a call; the check itself is one feed query per hundred.
 */
export async function sweepGone(deps: ActivityDeps, tenant: Tenant, shopDomain: string) {
  const feed = deps.capabilities.get(ReviewFeed);
  if (!feed) return;
  const ids = await syncedReviewIds(tenant);
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    const shown = new Set((await feed.reviews(tenant, { ids: chunk, excludeDemo: true, excludeCopies: true, limit: chunk.length })).items.map((r) => r.id));
    for (const id of chunk.filter((x) => !shown.has(x))) await syncReview(deps, tenant, shopDomain, id);
  }
}
