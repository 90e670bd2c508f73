// A product edited or deleted in the Shopify admin and the webhooks Shopify sends for it
// (products/update with the REST Product, products/delete with its id only), for the app's catalogue
// caches (the Google feed's identifiers), and the control routes a test or developer uses for them
// (/_emulator/shops/<shop>/products/<id>/update and /delete), which may also set or clear the product's
// metafields, and /_emulator/shops/<shop>/metafield-definitions for a product metafield definition
// (filterable or not, graphql/metafield-definitions.ts). Payload fields as documented for the topics:
// https://shopify.dev/docs/api/webhooks/latest?reference=toml#list-of-topics-products/update; the payload
// carries no metafields (a subscription without metafieldNamespaces, as the app's).
import type Router from '@koa/router';
import { z } from 'zod';
import type { EmulatorContext } from './context';
import { EmulatorInputError, emit } from './events';
import { gid, restId } from './ids';
import { isoTime } from './store';
import { restTime } from './tz';
import type { MetafieldDefinitionRecord, ProductRecord, ShopRecord, VariantRecord } from './types';
import type { DeliveryOptions } from './webhooks';

function restVariant(shop: ShopRecord, p: ProductRecord, v: VariantRecord, position: number) {
  return {
    id: restId(v.id),
    product_id: restId(p.id),
    title: v.title,
    price: v.price,
    position,
    inventory_policy: 'deny',
    compare_at_price: null,
    option1: v.title,
    option2: null,
    option3: null,
    created_at: restTime(p.createdAt, shop.ianaTimezone),
    updated_at: restTime(p.updatedAt, shop.ianaTimezone),
    taxable: true,
    barcode: v.barcode ?? null,
    sku: v.sku,
    inventory_quantity: v.inventoryQuantity,
    admin_graphql_api_id: gid('ProductVariant', v.id),
  };
}

export function restProduct(shop: ShopRecord, p: ProductRecord) {
  return {
    admin_graphql_api_id: gid('Product', p.id),
    body_html: p.descriptionHtml,
    created_at: restTime(p.createdAt, shop.ianaTimezone),
    handle: p.handle,
    id: restId(p.id),
    product_type: p.productType,
    published_at: restTime(p.publishedAt, shop.ianaTimezone),
    template_suffix: null,
    title: p.title,
    updated_at: restTime(p.updatedAt, shop.ianaTimezone),
    vendor: p.vendor,
    status: p.status.toLowerCase(),
    published_scope: 'global',
    tags: p.tags.join(', '),
    variants: p.variants.map((v, i) => restVariant(shop, p, v, i + 1)),
    variant_gids: p.variants.map((v) => ({ admin_graphql_api_id: gid('ProductVariant', v.id), updated_at: p.updatedAt })),
  };
}

/** The merchant saved the product (a barcode, a SKU, the vendor, its tags changed): products/update. */
export function productUpdated(em: EmulatorContext, shop: ShopRecord, product: ProductRecord, o: DeliveryOptions = {}) {
  product.updatedAt = new Date().toISOString();
  em.store.changed();
  return emit(em, shop, [{ topic: 'products/update', payload: restProduct(shop, product) }], o);
}

/** The merchant deleted the product: it leaves the store, products/delete names its id. */
export function productDeleted(em: EmulatorContext, shop: ShopRecord, product: ProductRecord, o: DeliveryOptions = {}) {
  shop.products = shop.products.filter((p) => p !== product);
  em.store.changed();
  return emit(em, shop, [{ topic: 'products/delete', payload: { id: restId(product.id) } }], o);
}

const ProductEdit = z
  .object({
    vendor: z.string().min(1).max(255).optional(),
    /** the product's tags, replacing its list (at most 250 a product:
     * https://shopify.dev/changelog/product-tags-now-have-a-limit-of-250-per-product); the payload's
     * `tags` is them joined by ', ' (restProduct) */
    tags: z.array(z.string().trim().min(1).max(255)).max(250).optional(),
    /** by variant id: a new SKU or Barcode (null clears it) */
    variants: z
      .array(z.object({ id: z.string(), sku: z.string().max(255).optional(), barcode: z.string().max(255).nullable().optional() }).strict())
      .optional(),
    /** the product's metafields to set (a value) or delete (null), as the merchant edits them in the admin */
    metafields: z
      .array(
        z
          .object({
            namespace: z.string().regex(/^[A-Za-z0-9_-]{3,255}$/),
            key: z.string().regex(/^[A-Za-z0-9_-]{2,64}$/),
            type: z.string().default('single_line_text_field'),
            value: z.string().nullable(),
          })
          .strict(),
      )
      .optional(),
    wait: z.boolean().optional(),
  })
  .strict();

/** Sets or deletes a product's metafields (the type of an existing one is kept). */
function editMetafields(em: EmulatorContext, shop: ShopRecord, product: ProductRecord, edits: z.infer<typeof ProductEdit>['metafields']) {
  const ownerId = gid('Product', product.id);
  for (const e of edits ?? []) {
    const same = (m: { ownerId: string; namespace: string; key: string }) => m.ownerId === ownerId && m.namespace === e.namespace && m.key === e.key;
    const existing = shop.metafields.find(same);
    const now = isoTime();
    if (e.value === null) shop.metafields = shop.metafields.filter((m) => !same(m));
    else if (existing) Object.assign(existing, { value: e.value, updatedAt: now });
    else
      shop.metafields.push({
        id: em.store.nextId(),
        ownerId,
        namespace: e.namespace,
        key: e.key,
        type: e.type,
        value: e.value,
        createdAt: now,
        updatedAt: now,
      });
  }
}

function edit(em: EmulatorContext, shop: ShopRecord, product: ProductRecord, body: unknown) {
  const r = ProductEdit.safeParse(body ?? {});
  if (!r.success) throw new EmulatorInputError(400, r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  if (r.data.vendor) product.vendor = r.data.vendor;
  if (r.data.tags) product.tags = [...new Set(r.data.tags)];
  for (const change of r.data.variants ?? []) {
    const v = product.variants.find((x) => x.id === change.id.replace(/^gid:\/\/shopify\/ProductVariant\//, ''));
    if (!v) throw new EmulatorInputError(404, `unknown variant ${change.id}`);
    if (change.sku !== undefined) v.sku = change.sku;
    if (change.barcode !== undefined) v.barcode = change.barcode;
  }
  editMetafields(em, shop, product, r.data.metafields);
  return { wait: r.data.wait };
}

/** A product metafield definition, created or changed (its filter switched on or off). */
const DefinitionInput = z
  .object({
    namespace: z.string().regex(/^[A-Za-z0-9_-]{3,255}$/),
    key: z.string().regex(/^[A-Za-z0-9_-]{2,64}$/),
    type: z.string().default('single_line_text_field'),
    adminFilterable: z.boolean().default(false),
  })
  .strict();

/** The product edit and deletion routes, and product metafield definitions, on the control router. */
export function productControlRoutes(router: Router, em: EmulatorContext) {
  const productOf = (domain: string, id: string) => {
    const shop = em.store.shop(domain);
    if (!shop) throw new EmulatorInputError(404, `unknown shop ${domain}`);
    const product = shop.products.find((p) => p.id === id.replace(/^gid:\/\/shopify\/Product\//, ''));
    if (!product) throw new EmulatorInputError(404, `unknown product ${id}`);
    return { shop, product };
  };
  const sent = (deliveries: { topic: string; webhookId: string }[]) => deliveries.map((d) => ({ topic: d.topic, id: d.webhookId }));
  router.post('/shops/:shop/products/:id/update', async (ctx) => {
    const { shop, product } = productOf(ctx.params.shop, ctx.params.id);
    const o = edit(em, shop, product, ctx.request.body);
    ctx.body = { webhooks: sent(await productUpdated(em, shop, product, o)) };
  });
  router.post('/shops/:shop/metafield-definitions', (ctx) => {
    const shop = em.store.shop(ctx.params.shop);
    if (!shop) throw new EmulatorInputError(404, `unknown shop ${ctx.params.shop}`);
    const r = DefinitionInput.safeParse(ctx.request.body ?? {});
    if (!r.success) throw new EmulatorInputError(400, r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
    const list = (shop.metafieldDefinitions ??= []);
    const existing = list.find((d) => d.namespace === r.data.namespace && d.key === r.data.key);
    const definition: MetafieldDefinitionRecord = existing ?? { id: em.store.nextId(), name: r.data.key, ...r.data };
    Object.assign(definition, r.data);
    if (!existing) list.push(definition);
    em.store.changed();
    ctx.body = { id: gid('MetafieldDefinition', definition.id) };
  });
  router.post('/shops/:shop/products/:id/delete', async (ctx) => {
    const { shop, product } = productOf(ctx.params.shop, ctx.params.id);
    ctx.body = { webhooks: sent(await productDeleted(em, shop, product, { wait: (ctx.request.body as { wait?: boolean } | undefined)?.wait })) };
  });
}
