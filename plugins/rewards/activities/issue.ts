// A reward's code: chosen and stored first, then created in Shopify (single use, for the reviewer,
// ending at expiry, with the chosen combinations), then the review is marked incentivized. Every
// step is safe to repeat: a retried attempt (a worker restart) finds the stored code, and finds it in
// Shopify when it was created there before the restart.
import crypto from 'node:crypto';
import type { ActivityDeps } from '@plaudit/kernel';
import { rewardById, rewards, type RewardRow } from '../db/rewards';
import { ReviewFacts } from '@plaudit/contracts/reviews';
import { COMBINES, unitMs } from '../shared/settings';
import type { RewardInput } from '../workflows/messages';
import { settingsOf, type Plan } from './plan';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomPart = () => Array.from(crypto.randomBytes(8), (b) => ALPHABET[b % ALPHABET.length]).join('');

export interface IssuedReward {
  id: number;
  kind: RewardRow['kind'];
  expiresAt: number;
  /** when the expiry reminder is due (ms), or null when the shop's reminder is off */
  remindAt: number | null;
}

/** null when the review went away since it was planned. */
export async function issueReward(deps: ActivityDeps, input: RewardInput, plan: Extract<Plan, { action: 'issue' }>): Promise<IssuedReward | null> {
  const tenant = deps.tenant(input.shopId, input.shopDomain);
  const reviews = deps.capabilities.require(ReviewFacts);
  const facts = await reviews.reviewFacts(tenant, input.reviewId);
  if (!facts?.email) return null;
  const settings = await settingsOf(deps).get(input.shopId);
  const unit = unitMs(settings);
  const expiresAt = new Date(Date.now() + settings.expireDiscount * unit);
  const code = [settings.discountCodePrefix, randomPart()].filter(Boolean).join('-');

  await rewards(tenant)
    .insert({
      shopId: input.shopId,
      reviewId: input.reviewId,
      kind: plan.kind,
      typeDiscount: plan.typeDiscount,
      value: plan.value,
      code,
      email: facts.email,
      expiresAt,
    })
    .onConflict(['shop_id', 'review_id', 'kind'])
    .ignore();
  let row = (await rewards(tenant).where({ reviewId: input.reviewId, kind: plan.kind }).first()) as RewardRow;

  if (!row.discountId) {
    const api = deps.platform!.adminApi(input.shopDomain);
    const existing = await api.discountByCode(row.code);
    const discountId =
      existing?.id ?? (await api.createDiscountCode(discountInput(row, facts.customerId, settings.combinations ? settings.listCombines : []))).id;
    await rewards(tenant).where({ id: row.id }).update({ discountId, updatedAt: new Date() });
    row = (await rewardById(tenant, row.id))!;
  }
  await reviews.markIncentivized(tenant, input.reviewId);

  const shop = await deps.shops.get(input.shopId);
  const reminder = await deps.mail.templates.get(input.shopId, 'rewards.discountReminder', shop?.locale ?? 'en');
  // the reminder goes at least one unit after the code: never more days before expiry than it lasts
  const before = Math.min(reminder.sendBefore ?? 3, settings.expireDiscount - 1);
  const expires = new Date(row.expiresAt).getTime();
  return { id: row.id, kind: row.kind, expiresAt: expires, remindAt: reminder.enabled && before > 0 ? expires - before * unit : null };
}

function discountInput(row: RewardRow, customerId: string | null, combines: readonly string[]) {
  const value = Number(row.value);
  return {
    title: `Review reward ${row.code}`,
    code: row.code,
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: new Date(row.expiresAt).toISOString(),
    // the reviewer alone when the store knows them; otherwise whoever holds the code, once
    context: customerId ? { customers: { add: [customerId] } } : { all: 'ALL' },
    customerGets: {
      value: row.typeDiscount === 'percentage' ? { percentage: value / 100 } : { discountAmount: { amount: value.toFixed(2), appliesOnEachItem: false } },
      items: { all: true },
    },
    appliesOncePerCustomer: true,
    usageLimit: 1,
    combinesWith: Object.fromEntries(COMBINES.map((c) => [c, combines.includes(c)])),
  };
}
