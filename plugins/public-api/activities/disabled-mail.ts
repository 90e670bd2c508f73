// The merchant hears once that a subscription was switched off for failing: the mail is claimed on
// the row first (concurrent failed deliveries of the same endpoint give up at the same time), and
// the claim is let go when SMTP fails for now, so the retried activity sends it.
import { esc, type ActivityDeps } from '@plaudit/kernel';
import { subscriptions, type SubscriptionRow } from '../db/webhooks';
import type { WebhookDeliveryInput } from '../workflows/messages';

export async function mailDisabled(deps: ActivityDeps, input: WebhookDeliveryInput): Promise<boolean> {
  const tenant = deps.tenant(input.shopId, input.shopDomain);
  const shop = await deps.shops.get(input.shopId);
  const sub = await tenant.table('outgoing_webhook_deliveries').where({ id: input.deliveryId }).first('subscriptionId');
  if (!shop || shop.uninstalled || !sub) return false;
  const [claimed]: SubscriptionRow[] = await subscriptions(tenant)
    .where({ id: sub.subscriptionId, enabled: false, disabledReason: 'failing' })
    .whereNull('disabledMailedAt')
    .update({ disabledMailedAt: new Date() })
    .returning('*');
  if (!claimed) return false;

  const lang = deps.i18n.adminLanguage(shop.adminLocale);
  const t = deps.i18n.forLanguage(lang);
  const vars = { url: claimed.url, shop: shop.name };
  const messageId = `<webhook-disabled-${claimed.id}-${new Date(claimed.disabledAt ?? Date.now()).getTime()}@${new URL(deps.config.appUrl).hostname}>`;
  try {
    const outcome = await deps.mail.sendToMerchant(shop, {
      messageId,
      body: {
        lang,
        subject: t('public-api:webhooks.mail.subject', vars),
        contentHtml: `<h1 style="font-size:18px;margin:0 0 12px">${esc(t('public-api:webhooks.mail.heading'))}</h1><p style="margin:0">${esc(t('public-api:webhooks.mail.text', vars))}</p>`,
        buttons: [{ url: `${deps.config.appUrl}/settings/managingKey`, labelHtml: esc(t('public-api:webhooks.mail.button')) }],
        footer: shop.name,
      },
    });
    if (!outcome.sent) deps.log.warn({ shop: shop.domain, subscription: claimed.id, err: outcome.refused.message }, 'webhook disabled mail refused');
  } catch (err) {
    await subscriptions(tenant).where({ id: claimed.id }).update({ disabledMailedAt: null });
    throw err;
  }
  return true;
}
