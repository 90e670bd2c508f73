// The PushGateway capability (@plaudit/contracts/push): the review-requests plugin's push reminder sent to the customer's
// browsers through the shop's OneSignal app. Runs inside review-requests' sendPush activity, so
// OneSignal's answers are read here: a busy OneSignal (429/5xx) is asked again after its
// Retry-After a few times within the activity, a refused key disconnects the integration and
// mails the merchant once, and the idempotency key makes every retry the same message.
import { ApplicationFailure } from '@temporalio/common';
import { assertVendorOk, INTEGRATION_REVOKED, mailIntegrationRevoked, VENDOR_BUSY, type KernelServices } from '@plaudit/kernel';
import { onesignalClient } from './client';
import type { PushGatewayApi, PushReminder } from '@plaudit/contracts/push';
import { APP, externalIdOf, idempotencyKey, LABEL, type OneSignalCredentials } from './web-push';

/** Calls within one send while OneSignal is busy, and the longest wait between them (the activity has a minute). */
const ATTEMPTS = 4;
const MAX_WAIT_MS = 10_000;

type Deps = Pick<KernelServices, 'config' | 'integrations' | 'shops' | 'i18n' | 'mail' | 'log'>;

export function revokedReason(failureMessage: string): string {
  const status = /answered (\d{3})/.exec(failureMessage)?.[1];
  return `${LABEL} refused the App API key${status ? ` (HTTP ${status})` : ''}`;
}

export const mailRevoked = (deps: Deps, shopId: number) => mailIntegrationRevoked(deps, { shopId, app: APP, label: LABEL, namespace: 'integration-web-push' });

/** The message OneSignal sends: the order, its first 2 items' review links as the notification's buttons. */
function message(deps: Deps, lang: string, reminder: PushReminder, externalId: string) {
  const t = deps.i18n.forLanguage(lang);
  const items = reminder.items.slice(0, 2);
  const products = items.map((i) => i.title).join(', ');
  return {
    target_channel: 'push',
    include_aliases: { external_id: [externalId] },
    idempotency_key: idempotencyKey(reminder.shopDomain, reminder.id),
    name: `Plaudit review reminder ${reminder.id} (${reminder.shopDomain})`,
    // OneSignal requires `en`, which may hold any language: the shop's
    headings: { en: t('integration-web-push:push.heading', { order: reminder.orderName }) },
    contents: { en: t('integration-web-push:push.text', { products }) },
    web_url: items[0]?.reviewUrl,
    web_buttons: items.map((i, n) => ({
      id: `review-${n + 1}`,
      text: t('integration-web-push:push.button', { product: i.title }).slice(0, 60),
      url: i.reviewUrl,
    })),
    data: { reminderId: reminder.id, orderId: reminder.orderId, items: items.map((i) => ({ productId: i.productId, reviewUrl: i.reviewUrl })) },
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function pushGateway(deps: Deps): PushGatewayApi {
  return {
    async connected(shopId) {
      return (await deps.integrations.state(shopId, APP)).status === 'connected';
    },

    async send({ shopId, shopDomain }, reminder) {
      const credentials = await deps.integrations.credentials<OneSignalCredentials>(shopId, APP);
      if (!credentials) throw new Error(`${LABEL} is not connected`);
      const externalId = externalIdOf(reminder.customerId);
      if (!externalId) throw new Error(`${LABEL}: the order has no customer to send a push to`);
      const shop = await deps.shops.get(shopId);
      // a customer's push: the storefront's language (the reminder names no order locale yet), not the admin's
      const body = message(deps, deps.i18n.language(shop?.locale), reminder, externalId);
      const client = onesignalClient(deps, credentials);
      for (let attempt = 1; ; attempt++) {
        try {
          const res = await client.createNotification(body);
          await assertVendorOk(res, LABEL);
          const answer = (await res.json()) as { id?: string; errors?: unknown };
          // 200 without an id: well formed, but nobody targeted has a subscribed browser
          if (!answer.id) throw new Error(`${LABEL} sent nothing: ${JSON.stringify(answer.errors ?? null).slice(0, 300)}`);
          deps.log.info({ shop: shopDomain, reminder: reminder.id, notification: answer.id }, 'OneSignal push reminder');
          return { id: answer.id };
        } catch (err) {
          if (!(err instanceof ApplicationFailure)) throw err;
          if (err.type === INTEGRATION_REVOKED) {
            if (await deps.integrations.revoked(shopId, APP, revokedReason(err.message))) {
              await mailRevoked(deps, shopId).catch((e: Error) => deps.log.warn({ shop: shopDomain, err: e.message }, 'OneSignal disconnected mail failed'));
            }
            throw err;
          }
          if (err.type !== VENDOR_BUSY || attempt >= ATTEMPTS) throw err;
          const delay = typeof err.nextRetryDelay === 'number' ? err.nextRetryDelay : 1000 * 2 ** (attempt - 1);
          await wait(Math.min(MAX_WAIT_MS, Math.max(0, delay)));
        }
      }
    },
  };
}
