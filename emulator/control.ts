// The control API (/_emulator/*): what a test or a developer does to the emulated Shopify that a
// merchant or shopper would do there: place, fulfil and deliver orders, uninstall the app, request
// compliance actions, expire tokens, force throttling, and look at the state and webhook log.
import Router from '@koa/router';
import { z } from 'zod';
import type { Context } from 'koa';
import { SHOP_DOMAIN, type EmulatorContext } from './context';
import { deliverOrder, EmulatorInputError, fulfillOrder, placeOrder, sendCompliance, subscriptionUpdated, uninstallApp, type ComplianceTopic } from './events';
import { declaredFlowExtensions, flowTriggersOf, runFlowAction, sendFlowLifecycle } from './graphql/flow';
import { gid } from './ids';
import { newShop } from './records';
import { productControlRoutes } from './product-events';
import { metaobjectControlRoutes } from './metaobject-events';
import { displayNameKeyOf } from './graphql/metaobjects';
import { seedShop } from './seed';
import { setStatus } from './subscriptions';
import { expireTokens } from './tokens';
import type { ShopRecord } from './types';
import type { Delivery } from './webhooks';

const delivery = {
  duplicate: z.number().int().min(0).max(10).optional(),
  outOfOrder: z.boolean().optional(),
  delayMs: z.number().int().min(0).max(600_000).optional(),
  wait: z.boolean().optional(),
};
const OrderBody = z.object({
  shop: z.string().regex(SHOP_DOMAIN),
  country: z.string().length(2).optional(),
  customerEmail: z.string().email().optional(),
  productHandles: z.array(z.string()).optional(),
  financialStatus: z.enum(['paid', 'partially_paid', 'pending', 'refunded', 'partially_refunded', 'voided', 'authorized']).optional(),
  fulfill: z.boolean().optional(),
  deliver: z.boolean().optional(),
  discountCode: z.string().min(1).max(255).optional(),
  landingSite: z.string().min(1).max(2000).optional(),
  createdAt: z.string().datetime({ offset: true }).optional(),
  customerPhone: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/)
    .optional(),
  smsConsent: z.enum(['subscribed', 'not_subscribed', 'pending', 'unsubscribed']).optional(),
  ...delivery,
});
const DeliveryBody = z.object(delivery);
const ShopBody = z.object({
  shop: z.string().regex(SHOP_DOMAIN),
  name: z.string().optional(),
  partnerDevelopment: z.boolean().optional(),
  seed: z.boolean().optional(),
  installed: z.boolean().optional(),
  products: z.number().int().min(1).max(12).optional(),
});
const ThrottleBody = z.object({ count: z.number().int().min(0).max(1000), status: z.union([z.literal(200), z.literal(429)]).optional() });
const COMPLIANCE: Record<string, ComplianceTopic> = {
  'customers-data-request': 'customers/data_request',
  'customers-redact': 'customers/redact',
  'shop-redact': 'shop/redact',
};

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body ?? {});
  if (!r.success) throw new EmulatorInputError(400, r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  return r.data;
}

const summary = (d: Delivery) => ({ topic: d.topic, id: d.webhookId, copy: d.copy, attempts: d.attempts, lastStatus: d.lastStatus, state: d.state });

export function controlRouter(em: EmulatorContext): Router {
  const router = new Router({ prefix: '/_emulator' });

  router.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (!(err instanceof EmulatorInputError)) throw err;
      ctx.status = err.status;
      ctx.body = { error: err.message };
    }
  });

  const shopOf = (domain: string): ShopRecord => {
    const shop = em.store.shop(domain);
    if (!shop) throw new EmulatorInputError(404, `unknown shop ${domain}`);
    return shop;
  };
  const orderOf = (id: string) => {
    const found = em.store.findOrder(id.replace(/^gid:\/\/shopify\/Order\//, ''));
    if (!found) throw new EmulatorInputError(404, `unknown order ${id}`);
    return found;
  };
  const body = (ctx: Context) => ctx.request.body as unknown;

  router.post('/orders', async (ctx) => {
    const b = parse(OrderBody, body(ctx));
    const { order, deliveries } = await placeOrder(em, shopOf(b.shop), b);
    ctx.status = 201;
    ctx.body = {
      order: { id: order.id, admin_graphql_api_id: gid('Order', order.id), name: `#${order.number}`, discount_codes: order.discountCodes ?? [] },
      webhooks: deliveries.map(summary),
    };
  });

  router.post('/orders/:id/fulfill', async (ctx) => {
    const { shop, order } = orderOf(ctx.params.id);
    ctx.body = {
      order: { id: order.id, name: `#${order.number}` },
      webhooks: (await fulfillOrder(em, shop, order, parse(DeliveryBody, body(ctx)))).map(summary),
    };
  });

  router.post('/orders/:id/deliver', async (ctx) => {
    const { shop, order } = orderOf(ctx.params.id);
    ctx.body = {
      order: { id: order.id, name: `#${order.number}` },
      webhooks: (await deliverOrder(em, shop, order, parse(DeliveryBody, body(ctx)))).map(summary),
    };
  });

  router.post('/shops', (ctx) => {
    const b = parse(ShopBody, body(ctx));
    if (em.store.shop(b.shop)) throw new EmulatorInputError(409, `shop ${b.shop} exists`);
    const shop = newShop(em.store, {
      domain: b.shop,
      installed: b.installed,
      name: b.name ?? b.shop.split('.')[0],
      ownerFirstName: 'Test',
      ownerLastName: 'Owner',
      plan: b.partnerDevelopment
        ? { displayName: 'Development', partnerDevelopment: true, shopifyPlus: false, shopifyPlan: 'partner_test' }
        : { displayName: 'Basic', partnerDevelopment: false, shopifyPlus: false, shopifyPlan: 'basic' },
    });
    if (b.seed !== false)
      seedShop(em.store, shop, Date.now(), { products: b.products ?? 6, customers: 6, orders: 12, seed: Number(BigInt(shop.id) % 100000n) });
    ctx.status = 201;
    ctx.body = { shop: { id: shop.id, domain: shop.domain } };
  });

  router.post('/shops/:shop/uninstall', async (ctx) => {
    ctx.body = { webhooks: (await uninstallApp(em, shopOf(ctx.params.shop), parse(DeliveryBody, body(ctx)))).map(summary) };
  });

  router.post('/shops/:shop/compliance/:topic', async (ctx) => {
    const topic = COMPLIANCE[ctx.params.topic];
    if (!topic) throw new EmulatorInputError(404, `unknown compliance topic ${ctx.params.topic}`);
    const b = parse(DeliveryBody.extend({ customerEmail: z.string().optional() }), body(ctx));
    ctx.body = { webhooks: (await sendCompliance(em, shopOf(ctx.params.shop), topic, b.customerEmail, b)).map(summary) };
  });

  // Billing moves only time or the bank makes: freeze for non-payment, resume, expire a pending charge.
  router.post('/shops/:shop/subscriptions/:id/status', async (ctx) => {
    const shop = shopOf(ctx.params.shop);
    const id = ctx.params.id.replace(/^gid:\/\/shopify\/AppSubscription\//, '');
    const sub = shop.subscriptions.find((x) => x.id === id);
    if (!sub) throw new EmulatorInputError(404, `unknown subscription ${ctx.params.id}`);
    const b = parse(z.object({ status: z.enum(['FROZEN', 'ACTIVE', 'EXPIRED']) }).strict(), body(ctx));
    const refused = setStatus(sub, b.status);
    if (refused) throw new EmulatorInputError(409, refused);
    em.store.changed();
    ctx.body = {
      subscription: { id: gid('AppSubscription', sub.id), status: sub.status },
      webhooks: (await subscriptionUpdated(em, shop, [sub])).map(summary),
    };
  });

  productControlRoutes(router, em);
  metaobjectControlRoutes(router, em, displayNameKeyOf);

  router.post('/shops/:shop/expire-tokens', (ctx) => {
    ctx.body = { expired: expireTokens(em.store, shopOf(ctx.params.shop)) };
  });

  router.post('/shops/:shop/throttle', (ctx) => {
    const shop = shopOf(ctx.params.shop);
    const b = parse(ThrottleBody, body(ctx));
    em.store.throttles.set(shop.domain, { count: b.count, status: b.status ?? 200 });
    ctx.body = { throttled: b.count, status: b.status ?? 200 };
  });

  // Shopify Flow: the triggers the app fired (flowTriggerReceive), and a workflow running one of the
  // app's actions: Flow's signed POST to `${appUrl}/flow/actions/<handle>`, answered with the app's reply.
  router.get('/shops/:shop/flow/triggers', (ctx) => {
    const { handle } = ctx.query;
    ctx.body = flowTriggersOf(em.store, shopOf(ctx.params.shop).domain).filter((t) => !handle || t.handle === handle);
  });

  router.post('/shops/:shop/flow/actions/:handle', async (ctx) => {
    const shop = shopOf(ctx.params.shop);
    const declared = declaredFlowExtensions().actions;
    if (declared.size && !declared.has(ctx.params.handle)) throw new EmulatorInputError(404, `the app declares no Flow action ${ctx.params.handle}`);
    const b = parse(
      z.object({ properties: z.record(z.string(), z.unknown()).optional(), action_run_id: z.string().min(1).max(200).optional() }).strict(),
      body(ctx),
    );
    ctx.body = await runFlowAction(em, shop, ctx.params.handle, { properties: b.properties ?? {}, actionRunId: b.action_run_id });
  });

  // a merchant enabling or disabling a workflow that uses one of the app's triggers
  router.post('/shops/:shop/flow/lifecycle', async (ctx) => {
    const shop = shopOf(ctx.params.shop);
    const b = parse(
      z.object({ trigger: z.string().min(1).max(200), enabled: z.boolean(), timestamp: z.iso.datetime({ offset: true }).optional() }).strict(),
      body(ctx),
    );
    const declared = declaredFlowExtensions().triggers;
    if (declared.size && !declared.has(b.trigger)) throw new EmulatorInputError(404, `the app declares no Flow trigger ${b.trigger}`);
    ctx.body = await sendFlowLifecycle(em, shop, b);
  });

  router.get('/webhooks', (ctx) => {
    const { shop, topic } = ctx.query;
    ctx.body = em.webhooks.deliveries
      .filter((d) => (!shop || d.shop === shop) && (!topic || d.topic === topic))
      .map((d) => ({ ...summary(d), eventId: d.eventId, shop: d.shop, triggeredAt: d.triggeredAt, lastError: d.lastError, body: d.body }));
  });

  router.get('/state/:shop', (ctx) => {
    const s = shopOf(ctx.params.shop);
    const now = Date.now();
    ctx.body = {
      shop: { id: s.id, domain: s.domain, name: s.name, plan: s.plan, installed: s.installed, scopes: s.scopes, ianaTimezone: s.ianaTimezone },
      counts: {
        products: s.products.length,
        customers: s.customers.length,
        orders: s.orders.length,
        metafields: s.metafields.length,
        discounts: s.discounts.length,
      },
      tokens: { active: s.accessTokens.filter((t) => t.expiresAt === null || t.expiresAt > now).length, refresh: s.refreshTokens.length },
      subscriptions: s.subscriptions.map((x) => ({
        id: gid('AppSubscription', x.id),
        name: x.name,
        status: x.status,
        test: x.test,
        currentPeriodEnd: x.currentPeriodEnd,
      })),
      discounts: s.discounts.map((d) => ({
        id: gid('DiscountCodeNode', d.id),
        code: d.code,
        percentage: d.percentage,
        amount: d.amount,
        usageCount: d.usageCount ?? 0,
      })),
      metafields: s.metafields.map((m) => ({ ownerId: m.ownerId, namespace: m.namespace, key: m.key, type: m.type, value: m.value })),
      recentOrders: s.orders
        .slice(-10)
        .reverse()
        .map((o) => ({
          id: o.id,
          name: `#${o.number}`,
          createdAt: o.createdAt,
          financialStatus: o.financialStatus,
          discountCodes: o.discountCodes ?? [],
          fulfillment: o.fulfillments.some((f) => f.deliveredAt) ? 'delivered' : o.fulfillments.length ? 'fulfilled' : 'unfulfilled',
        })),
      webhooks: ['pending', 'delivered', 'failed']
        .map((state) => [state, em.webhooks.deliveries.filter((d) => d.shop === s.domain && d.state === state).length])
        .reduce((o, [k, v]) => ({ ...o, [k]: v }), {}),
    };
  });

  return router;
}
