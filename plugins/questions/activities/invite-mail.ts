// "Ask the community": the mail inviting one verified buyer to answer a question, as the durable
// QuestionInvited handler (its own retried activity). In the buyer's language (the order's
// locale, else the shop's), from the shop's sender, with review requests' unsubscribe link (in the
// footer and List-Unsubscribe), so unsubscribing here stops review requests too and the other way
// round. Sent once: a buyer who unsubscribed meanwhile is skipped, a sent invitation is stamped and
// never mailed again, and a retry carries the same Message-ID.
import { type ActivityDeps, esc, type MailBody } from '@plaudit/kernel';
import { invitationById, recordInvitationMail, type InvitationRecord } from '../db/invitations';
import { QuestionRow } from '../db/models';
import { RequestBuyers } from '@plaudit/contracts/review-requests';
import { ANSWER_LINK_DAYS, ANSWER_PURPOSE, type AnswerLink } from '../shared/community';
import type { QuestionInvitedPayload } from '@plaudit/contracts/questions';
import { languageFor, shopperText } from '../storefront/text';

export const answerPageUrl = (deps: Pick<ActivityDeps, 'links' | 'config'>, shopDomain: string, invitation: number) =>
  `${deps.config.appUrl}/qa/answer/${deps.links.sign<AnswerLink>(ANSWER_PURPOSE, shopDomain, { invitation }, ANSWER_LINK_DAYS * 86_400)}`;

export async function mailInvitee(deps: ActivityDeps, event: QuestionInvitedPayload): Promise<'sent' | 'skipped' | 'refused'> {
  const shop = await deps.shops.get(event.shopId);
  const buyers = deps.capabilities.get(RequestBuyers);
  if (!shop || shop.uninstalled || !buyers) return 'skipped';
  const tenant = deps.tenant(shop.id, shop.domain);
  const invitation: InvitationRecord | undefined = await invitationById(tenant, event.invitationId).first();
  if (!invitation || invitation.status !== 'queued') return 'skipped';
  const question = await tenant.query(QuestionRow).findById(invitation.questionId);
  if (!question || !shop.appEnabled || (await buyers.blocked(tenant, invitation.email))) {
    await recordInvitationMail(tenant, invitation.id, 'skipped');
    return 'skipped';
  }
  const lang = languageFor(invitation.locale, shop.locale);
  const t = shopperText(lang);
  const product = question.productTitle ?? shop.name;
  const firstName = invitation.name?.trim().split(/\s+/)[0];
  const vars = { shop: shop.name, product, name: firstName ?? '' };
  const unsubscribeUrl = await buyers.unsubscribeUrl(tenant, invitation.email);
  const body: MailBody = {
    lang,
    subject: t('invite.subject', vars),
    preheader: question.body.slice(0, 120),
    contentHtml:
      `<p style="margin:0 0 12px">${esc(t(firstName ? 'invite.hello' : 'invite.hello_anonymous', vars))}</p><p style="margin:0">${esc(t('invite.intro', vars))}</p>` +
      `<p style="margin:16px 0 4px;font-weight:600">${esc(t('invite.the_question'))}</p><p style="margin:0;white-space:pre-wrap">${esc(question.body)}</p>` +
      `<p style="margin:16px 0 0;color:#6d7175">${esc(t('invite.moderated', vars))}</p>`,
    buttons: [{ url: answerPageUrl(deps, shop.domain, Number(invitation.id)), labelHtml: esc(t('invite.button')) }],
    footer: `${shop.name} · ${t('invite.why', vars)}`,
    ...(unsubscribeUrl ? { unsubscribe: { url: unsubscribeUrl, label: t('invite.unsubscribe') } } : {}),
  };
  const outcome = await deps.mail.sendToCustomer(shop, {
    to: invitation.email,
    body,
    messageId: `<question-invitation-${invitation.id}@plaudit>`,
    unsubscribeUrl,
  });
  await recordInvitationMail(tenant, invitation.id, outcome.sent ? 'sent' : 'refused');
  if (!outcome.sent) deps.log.warn({ shopId: shop.id, invitationId: invitation.id, err: outcome.refused.message }, 'the community invitation was refused');
  return outcome.sent ? 'sent' : 'refused';
}
