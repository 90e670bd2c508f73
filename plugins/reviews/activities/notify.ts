// Mails to the shop about new reviews: negative ones (at or below the shop's threshold) at once,
// the rest as a digest, in the merchant's admin language and the kernel's mail layout. Every
// value in the mail is escaped.
import { type ActivityDeps, esc, type MailBody, type Translate } from '@plaudit/kernel';
import { reviewsOfShop } from '../db/notifications';
import { reviewSettingsOf } from '../shared/settings';

interface Row {
  rating: number;
  title?: string | null;
  content: string;
  firstName?: string | null;
  productTitle?: string | null;
}

function mailBody(t: Translate, lang: string, shopName: string, subject: string, heading: string, rows: Row[], adminUrl: string): MailBody {
  const items = rows
    .map(
      (r) =>
        `<li style="margin:0 0 12px"><strong>${'★'.repeat(r.rating)}${'☆'.repeat(5 - r.rating)}</strong> ${esc(r.productTitle ?? shopName)}<br>${r.title ? `<em>${esc(r.title)}</em><br>` : ''}${esc(r.content.slice(0, 500))}<br><small>${esc(r.firstName ?? '')}</small></li>`,
    )
    .join('');
  return {
    lang,
    subject,
    contentHtml: `<h1 style="font-size:18px;margin:0 0 12px">${esc(heading)}</h1><ul style="padding-left:18px;margin:0">${items}</ul>`,
    buttons: [{ url: adminUrl, labelHtml: esc(t('reviews:notify.manage')) }],
    footer: shopName,
  };
}

export async function notifyShop(deps: ActivityDeps, shopId: number, reviewIds: number[], digestDue: boolean): Promise<{ deferred: number[] }> {
  const shop = await deps.shops.get(shopId);
  if (!shop || shop.uninstalled || !reviewIds.length) return { deferred: [] };
  const settings = await reviewSettingsOf(deps.settings).get(shopId);
  const rows = await reviewsOfShop(deps.tenant(shop.id, shop.domain), reviewIds);
  const negative = rows.filter((r) => r.rating <= settings.negativeThreshold);
  const others = rows.filter((r) => r.rating > settings.negativeThreshold);
  const adminUrl = `${deps.config.appUrl}/reviews/list`;
  const lang = deps.i18n.adminLanguage(shop.adminLocale);
  const t = deps.i18n.forLanguage(lang);
  const send = async (to: string | null, body: MailBody) => {
    if (to) await deps.mail.sendToMerchant(shop, { to, body });
  };

  if (negative.length && settings.enabledEmailNegativeReview) {
    const subject = t('reviews:notify.negative_subject', { count: negative.length, shop: shop.name });
    await send(settings.receiverNegativeReview ?? shop.email, mailBody(t, lang, shop.name, subject, t('reviews:notify.negative_heading'), negative, adminUrl));
  }
  if (!digestDue) return { deferred: others.map((r) => r.id) };
  if (others.length && settings.enabledEmailNewReview) {
    const subject = t('reviews:notify.digest_subject', { count: others.length, shop: shop.name });
    await send(settings.receiverNewReview ?? shop.email, mailBody(t, lang, shop.name, subject, t('reviews:notify.digest_heading'), others, adminUrl));
  }
  return { deferred: [] };
}
