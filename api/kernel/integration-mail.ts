// The one mail every integration sends when its vendor refused the shop's key for good: sent by the
// caller that won `integrations.revoked()` (in an activity of its own, so a retried send is still
// sent), one Message-ID per disconnection, the texts from the plugin's `<namespace>:mail.*` keys
// (subject, heading, text, button; variables app, shop, reason) and a button to its screen.
import { esc } from './html';
import type { KernelServices } from './services';

type Deps = Pick<KernelServices, 'config' | 'integrations' | 'shops' | 'i18n' | 'mail' | 'log'>;

export interface RevokedMail {
  shopId: number;
  /** the app's id: the integrations row and the screen `/settings/integration/<app>` */
  app: string;
  /** its name in the texts */
  label: string;
  /** the plugin's i18n namespace holding mail.subject, mail.heading, mail.text, mail.button */
  namespace: string;
  /** the screen the button opens, when it is not `/settings/integration/<app>` (one screen for several apps) */
  screen?: string;
}

/** True when the merchant was mailed; false for a shop gone or a mail refused (logged). */
export async function mailIntegrationRevoked(deps: Deps, m: RevokedMail): Promise<boolean> {
  const shop = await deps.shops.get(m.shopId);
  if (!shop || shop.uninstalled) return false;
  const state = await deps.integrations.state(m.shopId, m.app);
  const lang = deps.i18n.adminLanguage(shop.adminLocale);
  const t = deps.i18n.forLanguage(lang);
  const vars = { app: m.label, shop: shop.name, reason: state.reason ?? '' };
  const heading = t(`${m.namespace}:mail.heading`, vars);
  const since = state.disconnectedAt ? new Date(state.disconnectedAt).getTime() : 0;
  const outcome = await deps.mail.sendToMerchant(shop, {
    // the same disconnection is the same message, should the activity run again
    messageId: `<${m.app}-revoked-${m.shopId}-${since}@${new URL(deps.config.appUrl).hostname}>`,
    body: {
      lang,
      subject: t(`${m.namespace}:mail.subject`, vars),
      preheader: heading,
      contentHtml:
        `<h1 style="font-size:18px;margin:0 0 12px">${esc(heading)}</h1>` +
        `<p style="margin:0 0 12px">${esc(t(`${m.namespace}:mail.text`, vars))}</p>` +
        (state.reason ? `<p style="margin:0;color:#6d7175">${esc(state.reason)}</p>` : ''),
      buttons: [{ url: `${deps.config.appUrl}${m.screen ?? `/settings/integration/${m.app}`}`, labelHtml: esc(t(`${m.namespace}:mail.button`, vars)) }],
      footer: shop.name,
    },
  });
  if (!outcome.sent) deps.log.warn({ shop: shop.domain, app: m.app, err: outcome.refused.message }, 'integration disconnected mail refused');
  return outcome.sent;
}
