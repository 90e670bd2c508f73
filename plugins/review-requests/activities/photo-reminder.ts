// The photo reminder (spec section 6, base tier): after a review without photos, one email asking
// for a photo, with a signed, single-use link to the reviews plugin's photo page. Planned when the
// `reviewed` signal arrives, sent after the shop's reminder interval; everything is checked again at
// send time (a photo added meanwhile, the template switched off, the customer blocked), and the send
// is recorded under a deterministic Message-ID so a retried activity or restarted worker never sends twice.
import { allows } from '../../../api/plans';
import { linkKey, signLink } from '../../../api/signed-links';
import type { ActivityDeps } from '../../../workflows/plugin';
import { addInZone } from '../shared/zoned-time';
import { sendCustomerMail } from './customer-mail';
import { renderEmail } from './templates-render';
import { loadSettings } from './settings';
import { loadTemplate } from './templates';

const LINK_DAYS = 30;

interface RequestRef {
  shopId: number;
  shopDomain: string;
  orderId: string;
}

/** Where the photo reminder stands: waiting (with its instant), sent, or the reason it is not sent. */
export interface PhotoVerdict {
  status: 'waiting' | 'success' | 'cancel';
  at?: string;
  skipReason?: string;
}

/** Why this review gets no photo reminder now, or undefined when it should get one. */
async function reasonNotToSend({ knex }: ActivityDeps, ref: RequestRef, reviewId: number) {
  // tenancy: the shop row itself, by the workflow input's shop id
  const shop = await knex('shops').where({ id: ref.shopId }).first();
  // tenancy: the queue entry of this workflow's shop and order
  const row = await knex('email_queue').where({ shopId: ref.shopId, orderId: ref.orderId, queueType: 'email' }).first();
  // tenancy: the review is looked up inside the same shop only
  const review = await knex('reviews').where({ id: reviewId, shopId: ref.shopId }).first();
  if (!shop || !row || !review) return { reason: 'review_not_found' } as const;
  if (!shop.appStatus) return { reason: 'email_disabled' } as const;
  if (!allows(shop, 'photoReminder')) return { reason: 'plan' } as const;
  const template = await loadTemplate(knex, ref.shopId, 'photoReminder');
  if (!template.enabled) return { reason: 'email_disabled' } as const;
  if (review.deletedAt || review.status === 'trash') return { reason: 'review_not_found' } as const;
  if (Number(review.mediaCount ?? (review.media ?? []).length) > 0) return { reason: 'has_photo' } as const;
  // The template's `sendFor`: only reviews rated at least this many stars are asked for a photo.
  if (review.rating < (template.sendFor ?? 4)) return { reason: 'rating' } as const;
  if (!row.customerEmail) return { reason: 'no_email' } as const;
  // tenancy: scoped by the entry's shop id
  const blocked = await knex('blocked_customers').where({ shopId: ref.shopId, email: row.customerEmail.toLowerCase() }).first('reason');
  if (blocked) return { reason: 'unsubscribed' } as const;
  return { shop, row, review, template };
}

/** Write links in request emails live this long after the last send (activities/send.ts). */
const WRITE_LINK_DAYS = 60;

/**
 * How long the request keeps listening for a late review after its last reminder: until the last
 * write link expires, on shops whose plan and template give a photo reminder; null elsewhere.
 */
export async function photoReminderWindow({ knex }: ActivityDeps, ref: RequestRef): Promise<string | null> {
  // tenancy: the shop row itself, by the workflow input's shop id
  const shop = await knex('shops').where({ id: ref.shopId }).first();
  if (!shop?.appStatus || !allows(shop, 'photoReminder')) return null;
  if (!(await loadTemplate(knex, ref.shopId, 'photoReminder')).enabled) return null;
  return new Date(Date.now() + WRITE_LINK_DAYS * 86_400_000).toISOString();
}

/** Decides whether the review gets a photo reminder and when: the review's time plus the reminder interval. */
export async function planPhotoReminder(deps: ActivityDeps, ref: RequestRef, reviewId: number): Promise<PhotoVerdict> {
  const { knex } = deps;
  const found = await reasonNotToSend(deps, ref, reviewId);
  const queue = () => knex('email_queue').where({ shopId: ref.shopId, orderId: ref.orderId, queueType: 'email' }); // tenancy: this workflow's shop and order
  if ('reason' in found) {
    await queue().update({ photoReviewId: reviewId, photoReminderStatus: found.reason, updatedAt: new Date() });
    return { status: 'cancel', skipReason: found.reason };
  }
  if (found.row.photoReminderSentAt) return { status: 'success' };
  const { amount, unit } = (await loadSettings(knex, ref.shopId)).reminderAfter;
  const at = addInZone(new Date(found.review.createdAt), amount, unit, found.shop.ianaTimezone ?? 'UTC').toISOString();
  await queue().update({ photoReviewId: reviewId, photoReminderStatus: 'waiting', photoReminderAt: at, updatedAt: new Date() });
  return { status: 'waiting', at };
}

/** Sends the photo reminder once; answers what happened. */
export async function sendPhotoReminder(deps: ActivityDeps, ref: RequestRef, reviewId: number): Promise<PhotoVerdict> {
  const { knex, config } = deps;
  const found = await reasonNotToSend(deps, ref, reviewId);
  // tenancy: this workflow's shop and order
  const queue = () => knex('email_queue').where({ shopId: ref.shopId, orderId: ref.orderId, queueType: 'email' });
  if ('reason' in found) {
    await queue().update({ photoReminderStatus: found.reason, updatedAt: new Date() });
    return { status: 'cancel', skipReason: found.reason };
  }
  const { shop, row, review, template } = found;
  if (row.photoReminderSentAt) return { status: 'success' };

  const key = linkKey(config.encryptionKey!);
  const exp = Math.floor(Date.now() / 1000) + LINK_DAYS * 86_400;
  const link = (p: 'photo' | 'unsub') => signLink(key, { p, shop: shop.shopifyDomain, q: row.id, o: row.orderId, r: p === 'photo' ? review.id : undefined, exp });
  const unsubscribe = `${config.appUrl}/r/unsubscribe/${link('unsub')}`;
  const { subject, html } = await renderEmail('photoReminder', template, {
    shop_name: shop.name ?? shop.shopifyDomain,
    shop_url: `https://${shop.domain ?? shop.shopifyDomain}`,
    customer_first_name: row.customerName?.split(' ')[0] ?? review.firstName ?? null,
    customer_name: row.customerName ?? null,
    product_title: review.productTitle ?? '',
    review_content: review.content,
    photo_url: `${config.appUrl}/r/photo/${link('photo')}`,
    unsubscribe_url: unsubscribe,
  });
  const messageId = `<photo-reminder-${row.id}@${new URL(config.appUrl).hostname}>`;
  const refused = await sendCustomerMail(deps, { shopId: ref.shopId, shopDomain: shop.shopifyDomain, to: row.customerEmail, subject, html, messageId, unsubscribeUrl: unsubscribe });
  if (refused) {
    await queue().update({ photoReminderStatus: 'failed', updatedAt: new Date() });
    return { status: 'cancel', skipReason: 'failed' };
  }
  await queue().update({ photoReminderStatus: 'success', photoReminderSentAt: new Date(), photoReminderMessageId: messageId, updatedAt: new Date() });
  return { status: 'success' };
}
