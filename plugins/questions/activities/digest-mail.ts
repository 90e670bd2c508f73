// The merchant's hourly digest (settings `notifyEvery: 'hourly'`): one mail listing the new questions
// and community answers the shop's digest workflow collected, in the merchant's admin language.
// Never twice: the items are claimed into a digest row (stamped notified) before the send, the row is
// stamped sent after it, and a digest left unsent by a crash is sent by the next run with the same
// Message-ID. Never lost: items stay in the workflow until this activity succeeds.
import { type ActivityDeps, esc, type MailBody, type ShopView, type Translate } from '@plaudit/kernel';
import { claimDigest, digestContents, markDigestSent, unsentDigests, type DigestItems, type DigestRecord } from '../db/digest';
import { questionSettingsOf } from '../shared/settings';

type Contents = Awaited<ReturnType<typeof digestContents>>;

const item = (url: string, product: string, lines: string[], by: string) =>
  `<li style="margin:0 0 12px"><a href="${esc(url)}"><strong>${esc(product)}</strong></a><br>${lines.join('<br>')}<br><small>${esc(by)}</small></li>`;
const text = (s: string) => `<span style="white-space:pre-wrap">${esc(s.slice(0, 500))}</span>`;
const section = (heading: string, items: string[]) =>
  items.length ? `<h2 style="font-size:16px;margin:16px 0 8px">${esc(heading)}</h2><ul style="padding-left:18px;margin:0">${items.join('')}</ul>` : '';

function digestBody(deps: ActivityDeps, shop: ShopView, t: Translate, lang: string, { questions, answers }: Contents): MailBody {
  const url = (id: number | string) => `${deps.config.appUrl}/questions/${id}`;
  const asked = questions.map((q) => item(url(q.id), q.productTitle ?? q.productId, [text(q.body)], q.askerName));
  const answered = answers.map(({ answer, question }) =>
    item(
      url(answer.questionId),
      question?.productTitle ?? question?.productId ?? shop.name,
      [`<em>${esc(t('questions:notify.in_reply_to'))}</em> ${text(question?.body ?? '')}`, text(answer.body)],
      answer.authorName,
    ),
  );
  return {
    lang,
    subject: t('questions:notify.digest_subject', { count: questions.length + answers.length, shop: shop.name }),
    contentHtml:
      `<h1 style="font-size:18px;margin:0 0 12px">${esc(t('questions:notify.digest_heading'))}</h1>` +
      section(t('questions:notify.digest_questions'), asked) +
      section(t('questions:notify.digest_answers'), answered),
    buttons: [{ url: `${deps.config.appUrl}/questions`, labelHtml: esc(t('questions:notify.digest_open')) }],
    footer: shop.name,
  };
}

/** Mails one claimed digest (nothing when its items were deleted since) and stamps it sent. */
async function deliver(deps: ActivityDeps, shop: ShopView, digest: DigestRecord, to: string | undefined): Promise<number> {
  const tenant = deps.tenant(shop.id, shop.domain);
  const contents = await digestContents(tenant, digest);
  let sent = 0;
  if (contents.questions.length + contents.answers.length) {
    const lang = deps.i18n.adminLanguage(shop.adminLocale);
    const body = digestBody(deps, shop, deps.i18n.forLanguage(lang), lang, contents);
    const outcome = await deps.mail.sendToMerchant(shop, { to, body, messageId: `<question-digest-${digest.id}@plaudit>` });
    if (outcome.sent) sent = 1;
    else deps.log.warn({ shopId: shop.id, digestId: digest.id, err: outcome.refused.message }, 'the question digest was refused');
  }
  await markDigestSent(tenant, digest.id);
  return sent;
}

/** The questionsSendDigest activity: earlier unsent digests first, then the items given. Answers the mails sent. */
export async function sendDigest(deps: ActivityDeps, shopId: number, items: DigestItems): Promise<number> {
  const shop = await deps.shops.get(shopId);
  if (!shop || shop.uninstalled) return 0;
  const tenant = deps.tenant(shop.id, shop.domain);
  const settings = await questionSettingsOf(deps.settings).get(shop.id);
  const to = settings.notifyEmail ?? undefined;
  let sent = 0;
  for (const digest of await unsentDigests(tenant)) sent += await deliver(deps, shop, digest, to);
  // switched off since the items came: they are not mailed (as at once: the handler skips them)
  const claimed = settings.notifyMerchant ? await claimDigest(deps.knex, tenant, items) : undefined;
  if (claimed) sent += await deliver(deps, shop, claimed, to);
  return sent;
}
