// The developer zone's server side: the local mail sink's messages for this shop, and the store
// emulator's controls for this shop (only when the app runs against the emulator).
import fs from 'node:fs';
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { z } from 'zod';
import { type ApiServices, type AppState, assertDeveloperAccount, defineApiPlugin } from '@plaudit/kernel';

const demoOrder = z
  .object({
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'The value is invalid')
      .optional(),
    fulfill: z.boolean().optional(),
    deliver: z.boolean().optional(),
  })
  .strict();

function routes({ config, shops, mail }: ApiServices) {
  const router = new Router<AppState>({ prefix: '/dev_zone' });

  router.use(async (ctx, next) => {
    const shop = await shops.get(ctx.state.auth.shopId);
    assertDeveloperAccount(config, { shopifyPlan: shop?.shopifyPlan });
    return next();
  });

  router.get('/mail', async (ctx) => {
    ctx.body = { success: true, data: mail.localMail(ctx.state.auth.shopDomain).slice(0, 200) };
  });

  router.get('/mail/:id', async (ctx) => {
    const file = mail.localMailFile(ctx.state.auth.shopDomain, ctx.params.id);
    if (!file) throw createHttpError(404, 'Not found');
    ctx.type = 'message/rfc822';
    ctx.body = fs.createReadStream(file);
  });

  router.get('/emulator', async (ctx) => {
    ctx.body = { success: true, enabled: !!config.shopify.emulatorUrl, url: config.shopify.emulatorUrl ?? null };
  });

  router.post('/emulator/orders', async (ctx) => {
    if (!config.shopify.emulatorUrl) throw createHttpError(404, 'The store emulator is not in use');
    const input = demoOrder.parse(ctx.request.body ?? {});
    const res = await fetch(`${config.shopify.emulatorUrl}/_emulator/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shop: ctx.state.auth.shopDomain, ...input }),
    });
    if (!res.ok) throw createHttpError(502, `The emulator refused: ${res.status}`);
    const { order } = (await res.json()) as { order: { id: string; name: string } };
    ctx.body = { success: true, message: `Order ${order.name} placed`, data: { id: order.id, name: order.name } };
  });

  return router;
}

export default defineApiPlugin({ id: 'dev-zone', routes });
