// The metaobjects/create, metaobjects/update and metaobjects/delete webhooks, as Shopify sends them
// for every change of a metaobject (the app's own through the Admin API, and a merchant's in the
// Shopify admin), and the control routes a test or developer uses to act as that merchant
// (/_emulator/shops/<shop>/metaobjects/<id>/update and /delete).
// Topics and payloads: https://shopify.dev/docs/api/webhooks/latest?reference=toml#list-of-topics-metaobjects/create
// (create and update: id, handle, type, display_name, definition_id, fields as key -> value strings,
// created_at, updated_at, created_by_staff_id, created_by_app_id; delete: id, type, handle,
// created_by_app_id). A subscription to these topics must filter by type (`type:product_review`):
// https://shopify.dev/docs/apps/build/webhooks/customize/filters.
import type Router from '@koa/router';
import { z } from 'zod';
import type { EmulatorContext } from './context';
import { EmulatorInputError, emit } from './events';
import type { DeliveryOptions } from './webhooks';
import { APP_ID } from './graphql/views-store';
import { gid, parseGid } from './ids';
import { isoTime } from './store';
import { restTime } from './tz';
import type { MetaobjectRecord, ShopRecord } from './types';

// Who created it: the emulator's metaobjects are all the app's (a merchant edits or deletes them)
const CREATED_BY = { created_by_staff_id: null, created_by_app_id: gid('App', APP_ID) };

export function restMetaobject(shop: ShopRecord, m: MetaobjectRecord, displayNameKey: string) {
  const definition = shop.metaobjectDefinitions.find((d) => d.type === m.type);
  return {
    type: m.type,
    handle: m.handle,
    created_at: restTime(m.createdAt, shop.ianaTimezone),
    updated_at: restTime(m.updatedAt, shop.ianaTimezone),
    display_name: m.fields[displayNameKey] || m.handle,
    id: gid('Metaobject', m.id),
    definition_id: definition ? gid('MetaobjectDefinition', definition.id) : null,
    fields: { ...m.fields },
    ...CREATED_BY,
  };
}

/** After an upsert: metaobjects/create for a new one, metaobjects/update otherwise. */
export function metaobjectSaved(em: EmulatorContext, shop: ShopRecord, m: MetaobjectRecord, created: boolean, displayNameKey: string) {
  const topic = created ? 'metaobjects/create' : 'metaobjects/update';
  return emit(em, shop, [{ topic, payload: restMetaobject(shop, m, displayNameKey) }]);
}

export function metaobjectDeleted(em: EmulatorContext, shop: ShopRecord, m: MetaobjectRecord, o: DeliveryOptions = {}) {
  const { created_by_app_id } = CREATED_BY;
  return emit(em, shop, [{ topic: 'metaobjects/delete', payload: { id: gid('Metaobject', m.id), type: m.type, handle: m.handle, created_by_app_id } }], o);
}

const MerchantEdit = z
  .object({
    /** key -> new value; an empty string clears the field (values are not checked: the admin's own form does that) */
    fields: z.record(z.string(), z.string()),
    wait: z.boolean().optional(),
  })
  .strict();

/** `wait`: answer once the webhook has been delivered, naming it (without it the answer may come first and name none) */
const MerchantDelete = z.object({ wait: z.boolean().optional() }).strict();

/** The merchant's edit and deletion of a metaobject in the Shopify admin. */
export function metaobjectControlRoutes(router: Router, em: EmulatorContext, displayNameKeyOf: (type: string) => string) {
  const metaobjectOf = (domain: string, id: string) => {
    const shop = em.store.shop(domain);
    if (!shop) throw new EmulatorInputError(404, `unknown shop ${domain}`);
    const ref = parseGid(id)?.id ?? id;
    const m = shop.metaobjects.find((x) => x.id === ref);
    if (!m) throw new EmulatorInputError(404, `unknown metaobject ${id}`);
    return { shop, m };
  };
  const sent = (deliveries: { topic: string; webhookId: string }[]) => deliveries.map((d) => ({ topic: d.topic, id: d.webhookId }));
  router.post('/shops/:shop/metaobjects/:id/update', async (ctx) => {
    const { shop, m } = metaobjectOf(ctx.params.shop, ctx.params.id);
    const r = MerchantEdit.safeParse(ctx.request.body ?? {});
    if (!r.success) throw new EmulatorInputError(400, r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
    for (const [key, value] of Object.entries(r.data.fields)) {
      if (value === '') delete m.fields[key];
      else m.fields[key] = value;
    }
    m.updatedAt = isoTime();
    em.store.changed();
    const payload = restMetaobject(shop, m, displayNameKeyOf(m.type));
    ctx.body = { webhooks: sent(await emit(em, shop, [{ topic: 'metaobjects/update', payload }], { wait: r.data.wait })) };
  });
  router.post('/shops/:shop/metaobjects/:id/delete', async (ctx) => {
    const { shop, m } = metaobjectOf(ctx.params.shop, ctx.params.id);
    const r = MerchantDelete.safeParse(ctx.request.body ?? {});
    if (!r.success) throw new EmulatorInputError(400, r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
    shop.metaobjects = shop.metaobjects.filter((x) => x !== m);
    em.store.changed();
    ctx.body = { webhooks: sent(await metaobjectDeleted(em, shop, m, { wait: r.data.wait })) };
  });
}
