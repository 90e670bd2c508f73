// Billing's webhooks, run in the worker with retries (idempotent):
// - app_subscriptions/update: the charge's state is noted, then the plan is read from Shopify
//   (db/sync.ts), exactly as the return from the confirmation page does;
// - app/uninstalled: Shopify cancels the app's subscriptions; the shop is put on free here, so a
//   reinstall starts on free (Shopify keeps the used trial days: the trial does not restart).
import type { ActivityDeps, PlatformHooks, WebhookDelivery } from '@plaudit/kernel';
import { lockAccount, saveAccount } from '../db/account';
import { noteChargeStatus, syncPlan } from '../db/sync';

interface SubscriptionUpdate {
  app_subscription?: { admin_graphql_api_id?: string; status?: string };
}

/** Billing has no activities of its own: its work runs in webhooks (below) and API calls. */
export function createActivities(_deps: ActivityDeps) {
  return {};
}

export function createPlatformHooks(deps: ActivityDeps): PlatformHooks {
  return {
    webhooks: {
      async 'app_subscriptions/update'(d: WebhookDelivery, body: SubscriptionUpdate) {
        const shop = d.shopId ? await deps.shops.get(d.shopId) : undefined;
        if (!shop || shop.uninstalled) return;
        // a worker without the store platform (a test's shared worker) cannot read Shopify: the return route syncs instead
        if (!deps.platform) return void deps.log.warn({ shop: shop.domain }, 'billing: no store platform in this worker; subscription update not read');
        const sub = body.app_subscription;
        if (sub?.admin_graphql_api_id && sub.status) await noteChargeStatus(deps.tenant(shop.id, shop.domain), sub.admin_graphql_api_id, sub.status);
        await syncPlan(deps, shop);
      },
      async 'app/uninstalled'(d: WebhookDelivery) {
        if (!d.shopId) return;
        const tenant = deps.tenant(d.shopId, d.shopDomain);
        await deps.knex.transaction(async (trx) => {
          const account = await lockAccount(tenant, trx);
          if (account.subscriptionId)
            await saveAccount(tenant, { subscriptionId: null, status: 'CANCELLED', interval: null, currentPeriodEnd: null, trialEndsAt: null }, trx);
          await deps.shops.changePlan(d.shopId!, 'free', { key: `uninstalled:${d.webhookId}`, trx });
        });
      },
    },
  };
}
