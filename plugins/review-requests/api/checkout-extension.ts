// The thank-you and order-status block (issue 32, extensions/plaudit-review-channel) calls these with
// its session token (extension-token.ts): GET what the block shows for the order (the channels the
// shop connected, the customer's choice, and for a delivered order the signed write links); POST the
// customer's channel and consent, stored for the order and signalled to its review-request workflow,
// whose first send then goes that way. Extensions fetch from Shopify's sandbox (another origin), so
// these answer CORS for any origin as @shopify/shopify-app-js's checkout helpers do; the token, not
// the origin, is the credential. README "Thank-you and order-status page".
import Router from '@koa/router';
import { WorkflowNotFoundError } from '@temporalio/client';
import createHttpError from 'http-errors';
import { z } from 'zod';
import type { ApiServices, AppContext, AppState } from '@plaudit/kernel';
import { Messaging, type RequestChannel } from '@plaudit/contracts/messaging';
import { ReviewWrite } from '@plaudit/contracts/reviews';
import { entryOf, type LineItem } from '../db/queue';
import { ReviewRequest } from '../shared/workflows';
import { requestDetails, requestSummary } from '../shared/temporal-text';
import { channelChoiceSignal, reviewRequestWorkflowId, type ChannelChoice } from '../workflows/messages';
import { extensionCaller, type ExtensionCaller } from './extension-token';

export const CHECKOUT_EXTENSION_PATH = '/extensions/checkout/review-request';
const TABLE = 'request_channel_choices';
/** A buyer who is not signed in (the thank-you page) may choose for a day after the order. */
const ANONYMOUS_HOURS = 24;
const WRITE_LINK_DAYS = 60;
const TARGETS = { 'purchase.thank-you.block.render': 'thank_you', 'customer-account.order-status.block.render': 'order_status' } as const;

/** The order's gid as the extension APIs give it: Order (order status) or OrderIdentity (thank-you). */
const orderGid = z
  .string({ error: 'The order is required' })
  .regex(/^gid:\/\/shopify\/Order(Identity)?\/\d{1,20}$/, 'The order must be a Shopify order id (gid://shopify/Order/…)')
  .transform((gid) => gid.slice(gid.lastIndexOf('/') + 1));
const choiceBody = z.object({
  order: orderGid,
  channel: z.enum(['email', 'sms', 'whatsapp'], { error: 'The channel must be email, sms or whatsapp' }),
  consent: z.boolean({ error: 'Consent must be true or false' }),
  target: z.enum(Object.keys(TARGETS) as [keyof typeof TARGETS], { error: 'The extension target is unknown' }),
});

const refuse = (status: number, message: string, field?: string) => createHttpError(status, message, field ? { errors: { [field]: message } } : {});

export function checkoutExtensionRoutes(services: ApiServices) {
  const { shops, tenant, temporal, capabilities, platform, config, log } = services;
  const router = new Router<AppState>();

  router.use(CHECKOUT_EXTENSION_PATH, async (ctx, next) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    ctx.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  router.options(CHECKOUT_EXTENSION_PATH, (ctx) => {
    ctx.set('Access-Control-Max-Age', '600');
    ctx.status = 204;
  });

  /** The caller's shop and order: the token's shop, an order of it, the signed-in customer's own. */
  async function context(ctx: AppContext, orderId: string) {
    const caller = await extensionCaller(ctx, platform);
    const shop = await shops.byDomain(caller.shopDomain);
    if (!shop) throw createHttpError(401, 'Invalid session token: the shop has not installed the app', { code: 'INVALID_SESSION_TOKEN' });
    const order = await platform!.adminApi(shop.domain).order(`gid://shopify/Order/${orderId}`);
    if (!order) throw refuse(404, 'The order was not found', 'order');
    if (caller.customerGid && order.customer?.id !== caller.customerGid) throw refuse(403, 'The order belongs to another customer', 'order');
    return { caller, shop, order, scoped: tenant(shop.id, shop.domain) };
  }

  /** Email always; SMS and WhatsApp where the shop connected a provider for them (plugins/messaging). */
  const channelsOf = async (shopId: number): Promise<RequestChannel[]> => ['email', ...((await capabilities.get(Messaging)?.channels(shopId)) ?? [])];

  /** "Rate your items": the signed write page of each product, for the order's own signed-in customer. */
  async function writeLinks(caller: ExtensionCaller, orderId: string, scoped: ReturnType<typeof tenant>, shopDomain: string) {
    const write = capabilities.get(ReviewWrite);
    const row = write && caller.customerGid ? await entryOf(scoped, orderId).first('id', 'orderId', 'lineItems', 'customerLocale') : undefined;
    if (!write || !row) return [];
    return (row.lineItems as LineItem[])
      .filter((li) => li.productId)
      .map((li) => ({
        title: li.title,
        url: write.writeUrl({
          shopDomain,
          queueEntryId: row.id,
          orderId: row.orderId,
          productId: li.productId!,
          customerLocale: row.customerLocale,
          expiresInDays: WRITE_LINK_DAYS,
        }),
      }));
  }

  router.get(CHECKOUT_EXTENSION_PATH, async (ctx) => {
    const { order: orderId } = z.object({ order: orderGid }).parse(ctx.query);
    const { caller, shop, order, scoped } = await context(ctx, orderId);
    const choice = await scoped.table(TABLE).where({ orderId }).first('channel', 'consent');
    const delivered = order.fulfillments.some((f) => f.deliveredAt);
    ctx.body = {
      channels: await channelsOf(shop.id),
      choice: choice ?? null,
      delivered,
      items: delivered ? await writeLinks(caller, orderId, scoped, shop.domain) : [],
    };
  });

  router.post(CHECKOUT_EXTENSION_PATH, async (ctx) => {
    const body = choiceBody.parse(ctx.request.body ?? {});
    const { caller, shop, order, scoped } = await context(ctx, body.order);
    if (!caller.customerGid && Date.now() - new Date(order.createdAt).getTime() > ANONYMOUS_HOURS * 3_600_000)
      throw refuse(403, 'Sign in to your account to change how you are asked for a review', 'order');
    if (!(await channelsOf(shop.id)).includes(body.channel)) throw refuse(400, `The shop does not send review requests by ${body.channel}`, 'channel');
    if (body.channel !== 'email' && !body.consent) throw refuse(400, 'Consent is required for text messages', 'consent');
    const choice: ChannelChoice = { channel: body.channel, consent: body.consent, at: new Date().toISOString(), source: TARGETS[body.target] };
    const row = { channel: choice.channel, consent: choice.consent, source: choice.source, customerGid: caller.customerGid, chosenAt: new Date(choice.at) };
    await scoped
      .insertInto(TABLE, { orderId: body.order, ...row })
      .onConflict(['shopId', 'orderId'])
      .merge();
    const applied = await tellWorkflow(shop, body.order, order.name, choice, scoped);
    ctx.body = { success: true, data: { channel: choice.channel, consent: choice.consent, applied } };
  });

  /**
   * Signals the order's request. Before the order webhook started it, starts it (the webhook's facts
   * follow, as a webhook's signal-with-start does); a request that ended keeps the stored choice only.
   */
  async function tellWorkflow(
    shop: { id: number; domain: string },
    orderId: string,
    orderName: string,
    choice: ChannelChoice,
    scoped: ReturnType<typeof tenant>,
  ) {
    const workflowId = reviewRequestWorkflowId(shop.domain, orderId);
    try {
      await temporal.call(() => temporal.client.workflow.getHandle(workflowId).signal(channelChoiceSignal, choice));
      return true;
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) throw err;
    }
    if (await entryOf(scoped, orderId).first('id')) {
      log.info({ shop: shop.domain, orderId }, 'channel choice after the request ended: stored only');
      return false;
    }
    await temporal.call(() =>
      temporal.signalWithStart(ReviewRequest, {
        workflowId,
        taskQueue: config.temporal.taskQueue,
        args: [{ shopId: shop.id, shopDomain: shop.domain, orderId }],
        signal: channelChoiceSignal,
        signalArgs: [choice],
        staticSummary: requestSummary(shop.domain, orderId, orderName),
        staticDetails: requestDetails({ shopDomain: shop.domain, orderId, orderName, source: 'checkout', appUrl: config.appUrl }),
      }),
    );
    return true;
  }

  return router;
}
