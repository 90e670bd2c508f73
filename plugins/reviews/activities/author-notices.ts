// The mails of "your reviews" (issue 33), sent by the durable event handlers: the merchant's notice
// that a reviewer changed or deleted their review (the app's merchant mail, in the admin language,
// like the new-review notices), and a fresh link for a reviewer whose link expired (the shop's
// sender, in the page's language). One Message-ID per change or request: a retry sends the same mail.
import { type ActivityDeps, esc } from '@plaudit/kernel';
import { authorChange } from '../db/author-edits';
import type { AuthorChangedPayload, MineLinkRequestedPayload } from '../shared/author-changes';
import { MINE_LINK_DAYS } from '../shared/author-changes';
import { mineUrl } from '../shared/mine-link';
import { reviewSettingsOf } from '../shared/settings';

const FIELDS = ['rating', 'title', 'content', 'media'] as const;

export async function notifyAuthorChange(deps: ActivityDeps, { shopId, shopDomain, changeId }: AuthorChangedPayload): Promise<void> {
  const shop = await deps.shops.get(shopId);
  const change = shop && !shop.uninstalled ? await authorChange(deps.tenant(shopId, shopDomain), changeId) : undefined;
  if (!shop || !change) return;
  const settings = await reviewSettingsOf(deps.settings).get(shopId);
  const to = settings.receiverNewReview ?? shop.email;
  if (!to) return;
  const lang = deps.i18n.adminLanguage(shop.adminLocale);
  const t = deps.i18n.forLanguage(lang);
  const key = change.action === 'delete' ? 'deleted' : 'edited';
  const changed = FIELDS.filter((f) => change.changes[f]).map((f) => t(`reviews:notify.author.field_${f}`));
  const rating = change.changes.rating;
  const lines = [
    t(`reviews:notify.author.${key}_text`, { email: change.byEmail, id: change.reviewId }),
    changed.length ? t('reviews:notify.author.fields', { fields: changed.join(', ') }) : '',
    rating?.from !== undefined ? t('reviews:notify.author.rating', { from: rating.from, to: rating.to }) : '',
    change.status === 'pending' ? t('reviews:notify.author.held') : '',
  ].filter(Boolean);
  await deps.mail.sendToMerchant(shop, {
    to,
    body: {
      lang,
      subject: t(`reviews:notify.author.${key}_subject`, { shop: shop.name }),
      contentHtml: lines.map((l) => `<p style="margin:0 0 8px">${esc(l)}</p>`).join(''),
      buttons: [{ url: `${deps.config.appUrl}/reviews/list`, labelHtml: esc(t('reviews:notify.manage')) }],
      footer: shop.name,
    },
    messageId: `<review-author-change-${changeId}@${new URL(deps.config.appUrl).hostname}>`,
  });
}

export async function mailMineLink(deps: ActivityDeps, { shopId, email, lang, at }: MineLinkRequestedPayload): Promise<void> {
  const shop = await deps.shops.get(shopId);
  if (!shop || shop.uninstalled) return;
  const t = deps.i18n.forLanguage(lang);
  const url = mineUrl(deps, shop.domain, email);
  const outcome = await deps.mail.sendToCustomer(
    { id: shop.id, domain: shop.domain, email: shop.email },
    {
      to: email,
      body: {
        lang,
        subject: t('reviews:public.mine.mail_subject', { shop: shop.name }),
        contentHtml: `<p>${esc(t('reviews:public.mine.mail_text', { shop: shop.name, days: MINE_LINK_DAYS }))}</p>`,
        buttons: [{ url, labelHtml: esc(t('reviews:public.mine.mail_button')) }],
        footer: shop.name,
      },
      messageId: `<review-mine-link-${shop.id}-${at}@${new URL(deps.config.appUrl).hostname}>`,
    },
  );
  if (!outcome.sent) deps.log.warn({ shop: shop.domain, err: outcome.refused.message }, 'your-reviews link refused');
}
