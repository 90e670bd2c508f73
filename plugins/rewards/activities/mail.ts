// The discount notification and the expiry reminder: the shop's templates (kernel registry) in the
// customer's language, through the kernel's mail service. One Message-ID per reward and email, so a
// retried activity sends the same message; the sent time is stored once.
import type { ActivityDeps } from '@plaudit/kernel';
import { rewardById, rewards, setStatus } from '../db/rewards';
import { ReviewFacts } from '@plaudit/contracts/reviews';
import type { RewardInput } from '../workflows/messages';

export type RewardMail = 'notification' | 'reminder';
const TEMPLATE: Record<RewardMail, string> = { notification: 'rewards.discountNotification', reminder: 'rewards.discountReminder' };

/** A fixed amount is in the shop's currency, which the store knows (we keep no copy). */
async function currencyOf(deps: ActivityDeps, shopDomain: string): Promise<string> {
  return (await deps.platform!.adminApi(shopDomain).shopInfo()).shop.currencyCode;
}

export async function sendRewardMail(deps: ActivityDeps, input: RewardInput, rewardId: number, mail: RewardMail): Promise<'sent' | 'skipped' | 'refused'> {
  const tenant = deps.tenant(input.shopId, input.shopDomain);
  const shop = await deps.shops.get(input.shopId);
  const reward = await rewardById(tenant, rewardId);
  if (!shop || shop.uninstalled || !reward || ['replaced', 'cancelled', 'used'].includes(reward.status)) return 'skipped';
  if (mail === 'notification' && reward.sentAt) return 'skipped';
  if (mail === 'reminder' && reward.remindedAt) return 'skipped';

  const facts = await deps.capabilities.require(ReviewFacts).reviewFacts(tenant, input.reviewId);
  const lang = deps.i18n.language(facts?.locale, shop.locale);
  const template = await deps.mail.templates.get(shop.id, TEMPLATE[mail], lang);
  if (!template.enabled) return 'skipped';
  const value = Number(reward.value);
  const model = {
    shop_name: shop.name,
    shop_url: `https://${shop.publicDomain ?? shop.domain}`,
    customer_first_name: facts?.firstName ?? null,
    customer_name: [facts?.firstName, facts?.lastName].filter(Boolean).join(' ') || null,
    product_title: facts?.kind === 'store' ? shop.name : (facts?.productTitle ?? null),
    discount_code: reward.code,
    discount_value:
      reward.typeDiscount === 'percentage'
        ? `${value}%`
        : new Intl.NumberFormat(lang, { style: 'currency', currency: await currencyOf(deps, shop.domain) }).format(value),
    discount_expires: new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: shop.timezone }).format(new Date(reward.expiresAt)),
  };
  const body = await deps.mail.templates.render(shop.id, TEMPLATE[mail], model, lang);
  const messageId = `<reward-${reward.id}-${mail}@${new URL(deps.config.appUrl).hostname}>`;
  const outcome = await deps.mail.sendToCustomer({ id: shop.id, domain: shop.domain, email: shop.email }, { to: reward.email, body, messageId });
  if (!outcome.sent) {
    deps.log.warn({ shop: shop.domain, reward: reward.id, err: outcome.refused.message }, 'reward email refused');
    return 'refused';
  }
  if (mail === 'notification') await setStatus(tenant, reward.id, 'sent', { sentAt: new Date() });
  else await rewards(tenant).where({ id: reward.id }).update({ remindedAt: new Date(), updatedAt: new Date() });
  return 'sent';
}
