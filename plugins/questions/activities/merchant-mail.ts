// The merchant's mail about a new question when the setting says at once (`notifyEvery:
// 'immediately'`; hourly goes through the digest, digest-mail.ts), in the merchant's admin language.
// Sent once: the question is stamped after the send, and a retried send carries the same Message-ID.
import { type ActivityDeps, esc, type MailBody } from '@plaudit/kernel';
import { QuestionRow } from '../db/models';
import type { QuestionCreatedPayload } from '@plaudit/contracts/questions';
import { questionSettingsOf } from '../shared/settings';

export async function mailMerchant(deps: ActivityDeps, event: QuestionCreatedPayload): Promise<'sent' | 'skipped' | 'refused'> {
  const shop = await deps.shops.get(event.shopId);
  if (!shop || shop.uninstalled) return 'skipped';
  const tenant = deps.tenant(shop.id, shop.domain);
  const question = await tenant.query(QuestionRow).findById(event.questionId);
  const settings = await questionSettingsOf(deps.settings).get(shop.id);
  if (!question || question.merchantNotifiedAt || !settings.notifyMerchant) return 'skipped';
  const t = deps.i18n.forLanguage(deps.i18n.adminLanguage(shop.adminLocale));
  const product = question.productTitle ?? question.productId;
  const held =
    question.status === 'published'
      ? ''
      : `<p style="margin:12px 0 0;color:#8a6116">${esc(t(question.heldAsSpam ? 'questions:notify.held_spam' : 'questions:notify.held'))}</p>`;
  const body: MailBody = {
    lang: deps.i18n.adminLanguage(shop.adminLocale),
    subject: t('questions:notify.subject', { product }),
    preheader: question.body.slice(0, 120),
    contentHtml:
      `<h1 style="font-size:18px;margin:0 0 12px">${esc(t('questions:notify.heading', { product }))}</h1>` +
      `<p style="margin:0 0 8px;white-space:pre-wrap">${esc(question.body)}</p><p style="margin:0;color:#6d7175">${esc(question.askerName)}</p>${held}`,
    buttons: [{ url: `${deps.config.appUrl}/questions/${question.id}`, labelHtml: esc(t('questions:notify.answer')) }],
    footer: shop.name,
  };
  const outcome = await deps.mail.sendToMerchant(shop, {
    to: settings.notifyEmail ?? undefined,
    body,
    messageId: `<question-${question.id}.merchant@plaudit>`,
  });
  // a plain update: bookkeeping, not a change of the question (its updatedAt is what API clients sync on)
  await tenant.table('questions').where({ id: question.id }).update({ merchantNotifiedAt: new Date() });
  if (!outcome.sent) deps.log.warn({ shopId: shop.id, questionId: question.id, err: outcome.refused.message }, 'the new-question mail was refused');
  return outcome.sent ? 'sent' : 'refused';
}
