// Instagram refused the token for good (code 190: expired, revoked, password changed): the account
// is disconnected with the reason, and the one call that disconnected it has the merchant mailed,
// once, with a button back to the screen to connect again. The mail is its own activity, so an SMTP
// failure retries the mail and never the claim.
import { esc, type ActivityDeps } from '@plaudit/kernel';
import { accountOf, markExpired } from '../db/accounts';
import { LABEL, SCREEN, type ShopRef } from '../shared/instagram';

export function expiredReason(failureMessage: string): string {
  const subcode = /"error_subcode":\s*(\d+)/.exec(failureMessage)?.[1];
  if (subcode === '463') return `${LABEL} access token expired (code 190, subcode 463)`;
  return `${LABEL} refused the access token (code 190${subcode ? `, subcode ${subcode}` : ''})`;
}

export function expiredActivities(deps: ActivityDeps) {
  return {
    instagramExpired: (shop: ShopRef, failureMessage: string) => markExpired(deps.tenant(shop.shopId, shop.shopDomain), expiredReason(failureMessage)),
    async instagramMailExpired(shop: ShopRef): Promise<boolean> {
      const s = await deps.shops.get(shop.shopId);
      const account = await accountOf(deps.tenant(shop.shopId, shop.shopDomain));
      if (!s || s.uninstalled || !account) return false;
      const lang = deps.i18n.adminLanguage(s.adminLocale);
      const t = deps.i18n.forLanguage(lang);
      const vars = { shop: s.name, username: account.username };
      const heading = t('instagram:mail.heading', vars);
      const since = account.disconnectedAt ? new Date(account.disconnectedAt).getTime() : 0;
      const outcome = await deps.mail.sendToMerchant(s, {
        // the same disconnection is the same message, should the activity run again
        messageId: `<instagram-expired-${shop.shopId}-${since}@${new URL(deps.config.appUrl).hostname}>`,
        body: {
          lang,
          subject: t('instagram:mail.subject', vars),
          preheader: heading,
          contentHtml:
            `<h1 style="font-size:18px;margin:0 0 12px">${esc(heading)}</h1><p style="margin:0 0 12px">${esc(t('instagram:mail.text', vars))}</p>` +
            (account.reason ? `<p style="margin:0;color:#6d7175">${esc(account.reason)}</p>` : ''),
          buttons: [{ url: `${deps.config.appUrl}${SCREEN}`, labelHtml: esc(t('instagram:mail.button', vars)) }],
          footer: s.name,
        },
      });
      if (!outcome.sent) deps.log.warn({ shop: shop.shopDomain, err: outcome.refused.message }, 'instagram expired mail refused');
      return outcome.sent;
    },
  };
}
