// The asker's mail when an answer to their question is published: the question, the answer and a
// link back to the product page, in the language they asked in (the storefront catalog's twelve),
// from the shop's sender. Sent once per answer (stamped after the send; a retry carries the same
// Message-ID). It answers the shopper's own question, so it carries no unsubscribe link.
import { type ActivityDeps, esc, type MailBody } from '@plaudit/kernel';
import { AnswerRow, QuestionRow } from '../db/models';
import type { QuestionAnsweredPayload } from '@plaudit/contracts/questions';
import { productPageUrl } from '../shared/question';
import { languageFor, shopperText } from '../storefront/text';

const block = (label: string, text: string) =>
  `<p style="margin:16px 0 4px;font-weight:600">${esc(label)}</p><p style="margin:0;white-space:pre-wrap">${esc(text)}</p>`;

export async function mailAsker(deps: ActivityDeps, event: QuestionAnsweredPayload): Promise<'sent' | 'skipped' | 'refused'> {
  const shop = await deps.shops.get(event.shopId);
  if (!shop || shop.uninstalled) return 'skipped';
  const tenant = deps.tenant(shop.id, shop.domain);
  const question = await tenant.query(QuestionRow).findById(event.questionId);
  const answer = await tenant.query(AnswerRow).findOne({ id: event.answerId, questionId: event.questionId });
  if (!question?.askerEmail || question.status !== 'published' || !answer || answer.status !== 'published' || answer.askerNotifiedAt) return 'skipped';
  const lang = languageFor(question.locale, shop.locale);
  const t = shopperText(lang);
  const vars = { shop: shop.name, product: question.productTitle ?? shop.name, name: question.askerName };
  const body: MailBody = {
    lang,
    subject: t('mail.subject', vars),
    preheader: t('mail.preheader', vars),
    contentHtml:
      `<p style="margin:0 0 12px">${esc(t('mail.hello', vars))}</p><p style="margin:0">${esc(t(answer.author === 'merchant' ? 'mail.intro' : 'mail.intro_community', vars))}</p>` +
      block(t('mail.your_question'), question.body) +
      block(t('mail.the_answer'), answer.body),
    buttons: [{ url: productPageUrl(shop, question.productHandle), labelHtml: esc(t('mail.button')) }],
    footer: `${shop.name} · ${t('mail.why')}`,
  };
  const outcome = await deps.mail.sendToCustomer(shop, { to: question.askerEmail, body, messageId: `<question-answer-${answer.id}@plaudit>` });
  // a plain update: bookkeeping, not a change of the answer (its updatedAt is what API clients sync on)
  await tenant.table('question_answers').where({ id: answer.id }).update({ askerNotifiedAt: new Date() });
  if (!outcome.sent) deps.log.warn({ shopId: shop.id, answerId: answer.id, err: outcome.refused.message }, 'the answer mail was refused');
  return outcome.sent ? 'sent' : 'refused';
}
