// GET /billing/return: Shopify sends the merchant here after approving or declining a charge. It is
// public, so it must not be a way to spend the shop's Admin API budget or our connections: the charge
// id has to be one this app asked for on this shop, Shopify is asked only while that charge is still
// undecided here, concurrent returns for one charge share one answer, and every door is counted.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { z } from 'zod';
import {
  type ApiServices,
  type AppContext,
  type AppState,
  countedAddress,
  hitAll,
  RateLimit,
  SHOP_DOMAIN,
  type ShopView,
  tooManyAttempts,
} from '@plaudit/kernel';
import { type Account, chargeOf, readAccount } from '../db/account';
import { syncPlan } from '../db/sync';
import { RETURN_PER_ADDRESS, RETURN_PER_SHOP, SYNC_PER_CHARGE } from './budgets';

const returnQuery = z.object({ shop: z.string().regex(SHOP_DOMAIN), charge_id: z.string().regex(/^\d{1,20}$/) }).passthrough();

/** a read's answer is shared this long after it lands too: returns a moment apart are one return */
const SHARE_MS = 2_000;

const TOO_MANY = 'Too many billing returns from here: please open the app again from your Shopify admin in a few minutes.';

export function billingReturnRoutes(services: ApiServices) {
  const router = new Router<AppState>();
  const byAddress = new RateLimit(services.knex, 'billing-return-address', RETURN_PER_ADDRESS);
  const byShop = new RateLimit(services.knex, 'billing-return-shop', RETURN_PER_SHOP);
  const syncs = new RateLimit(services.knex, 'billing-return-sync', SYNC_PER_CHARGE);
  /** one Shopify read per shop and charge at a time: concurrent returns wait for (and share) the same one */
  const inFlight = new Map<string, Promise<Account>>();

  /**
   * The shop's account after asking Shopify, once per shop and charge at a time: the first return
   * counts against the charge's budget and reads, the ones arriving meanwhile share its answer (the
   * map is set before any await, so no two concurrent returns both start a read).
   */
  function syncOnce(shop: ShopView, subscriptionId: string): Promise<Account> {
    const key = `${shop.id}:${subscriptionId}`;
    let running = inFlight.get(key);
    if (!running) {
      running = (async () => {
        const wait = await syncs.hit(key);
        if (wait) throw tooManyAttempts(wait, TOO_MANY);
        return syncPlan(services, shop);
      })().finally(() => setTimeout(() => inFlight.delete(key), SHARE_MS).unref());
      inFlight.set(key, running);
    }
    return running;
  }

  router.get('/billing/return', async (ctx: AppContext) => {
    const q = returnQuery.safeParse(ctx.query);
    if (!q.success) throw createHttpError(400, 'Bad billing return: shop and charge_id are required');
    const address = countedAddress(ctx.ip, services.config.env);
    const wait = await hitAll([[byShop, `${q.data.shop}:${ctx.ip}`], ...(address ? [[byAddress, address] as [RateLimit, string]] : [])]);
    if (wait) throw tooManyAttempts(wait, TOO_MANY);
    const shop = await services.shops.byDomain(q.data.shop);
    if (!shop) throw createHttpError(404, 'Shop not found');
    const subscriptionId = `gid://shopify/AppSubscription/${q.data.charge_id}`;
    // A charge this app did not ask for on this shop (forged, or another shop's) never reaches Shopify.
    const charge = await chargeOf(services.tenant(shop.id, shop.domain), subscriptionId);
    if (!charge) throw createHttpError(404, 'This charge was not asked for by this shop');
    const undecided = !charge.activatedAt && (charge.status === 'PENDING' || charge.status === 'ACTIVE');
    // only a charge still undecided here is worth asking Shopify about; a decided one is answered locally
    const account = undecided ? await syncOnce(shop, subscriptionId) : await readAccount(services.tenant(shop.id, shop.domain));
    const page = `subscription?charge=${account.subscriptionId === subscriptionId ? 'approved' : 'declined'}`;
    const { apiKey, emulatorUrl } = services.config.shopify;
    // The emulator has no admin frame: the app's own (standalone) admin takes the merchant back.
    ctx.redirect(emulatorUrl ? `${services.config.appUrl}/${page}` : `https://${shop.domain}/admin/apps/${apiKey}/${page}`);
  });

  return router;
}
