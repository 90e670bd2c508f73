// The merchant's mail when an invited buyer answers a question ("ask the community"), at once, in the
// merchant's admin language: the answer waits for moderation, so the merchant needs to know. Sent
// once: the answer is stamped after the send, and a retried send carries the same Message-ID.
import { type ActivityDeps, esc, type MailBody } from '@plaudit/kernel';
import { AnswerRow, QuestionRow } from '../db/models';
import type { QuestionCommunityAnswerPayload } from '@plaudit/contracts/questions';
import { questionSettingsOf } from '../shared/settings';

const quote = (text: string) => `<p style="margin:0 0 8px;white-space:pre-wrap">${esc(text)}</p>`;

export async function mailMerchantAnswer(deps: ActivityDeps, event: QuestionCommunityAnswerPayload): Promise<'sent' | 'skipped' | 'refused'> {
  const shop = await deps.shops.get(event.shopId);
  if (!shop || shop.uninstalled) return 'skipped';
  const tenant = deps.tenant(shop.id, shop.domain);
  const answer = await tenant.query(AnswerRow).findOne({ id: event.answerId, questionId: event.questionId });
  const question = answer && (await tenant.query(QuestionRow).findById(answer.questionId));
  const settings = await questionSettingsOf(deps.settings).get(shop.id);
  if (!answer || !question || answer.merchantNotifiedAt || !settings.notifyMerchant) return 'skipped';
  const lang = deps.i18n.adminLanguage(shop.adminLocale);
  const t = deps.i18n.forLanguage(lang);
  const vars = { product: question.productTitle ?? question.productId, name: answer.authorName };
  const body: MailBody = {
    lang,
    subject: t('questions:notify.answer_subject', vars),
    preheader: answer.body.slice(0, 120),
    contentHtml:
      `<h1 style="font-size:18px;margin:0 0 12px">${esc(t('questions:notify.answer_heading', vars))}</h1>` +
      `<p style="margin:0 0 4px;font-weight:600">${esc(t('questions:notify.the_question'))}</p>${quote(question.body)}` +
      `<p style="margin:12px 0 4px;font-weight:600">${esc(t('questions:notify.the_answer'))}</p>${quote(answer.body)}` +
      `<p style="margin:12px 0 0;color:#8a6116">${esc(t('questions:notify.answer_held'))}</p>`,
    buttons: [{ url: `${deps.config.appUrl}/questions/${question.id}`, labelHtml: esc(t('questions:notify.review_answer')) }],
    footer: shop.name,
  };
  const outcome = await deps.mail.sendToMerchant(shop, {
    to: settings.notifyEmail ?? undefined,
    body,
    messageId: `<question-answer-${answer.id}.merchant@plaudit>`,
  });
  // bookkeeping, not a change of the answer (its updatedAt is what API clients sync on)
  await tenant.table('question_answers').where({ id: answer.id }).update({ merchantNotifiedAt: new Date() });
  if (!outcome.sent) deps.log.warn({ shopId: shop.id, answerId: answer.id, err: outcome.refused.message }, 'the community-answer mail was refused');
  return outcome.sent ? 'sent' : 'refused';
}
