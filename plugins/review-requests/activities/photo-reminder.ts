// The photo reminder (spec section 6, base tier): after a review without photos, one email asking
// for a photo, with a signed, single-use link to the reviews plugin's photo page (ReviewWrite; the
// review itself from ReviewFacts). Planned when the `reviewed` signal arrives, sent after the shop's reminder
// interval; everything is checked again at send time (a photo added meanwhile, the template switched
// off, the customer blocked), and the send is recorded under a deterministic Message-ID so a retried
// activity or restarted worker never sends twice.
import type { ActivityDeps } from '@plaudit/kernel';
import { addInZone } from '../shared/zoned-time';
import { ReviewFacts, ReviewWrite } from '@plaudit/contracts/reviews';
import type { RequestRef } from '../workflows/messages';
import { entryOf, isBlocked } from '../db/queue';
import { requestSettingsOf } from '../db/settings';
import { sendCustomerMail, shopTemplate } from './customer-mail';
import { requestLinks } from '../shared/request-links';

const LINK_DAYS = 30;
/** Write links in request emails live this long after the last send (activities/send.ts). */
const WRITE_LINK_DAYS = 60;

/** Where the photo reminder stands: waiting (with its instant), sent, or the reason it is not sent. */
export interface PhotoVerdict {
  status: 'waiting' | 'success' | 'cancel';
  at?: string;
  skipReason?: string;
}

/** Why this review gets no photo reminder now, or what the reminder needs when it should get one. */
async function reasonNotToSend(deps: ActivityDeps, ref: RequestRef, reviewId: number) {
  const tenant = deps.tenant(ref.shopId, ref.shopDomain);
  const shop = await deps.shops.get(ref.shopId);
  const row = await entryOf(tenant, ref.orderId).first();
  // without the reviews plugin there is no review to add photos to
  const review = await deps.capabilities.get(ReviewFacts)?.reviewFacts(tenant, reviewId);
  if (!shop || !row || !review) return { reason: 'review_not_found' } as const;
  if (!shop.appEnabled) return { reason: 'email_disabled' } as const;
  if (!deps.shops.allows(shop, 'photoReminder')) return { reason: 'plan' } as const;
  const lang = deps.i18n.language(row.customerLocale, shop.locale);
  const template = await shopTemplate(deps, ref.shopId, 'photoReminder', lang);
  if (!template.enabled) return { reason: 'email_disabled' } as const;
  if (review.status === 'trash') return { reason: 'review_not_found' } as const;
  if (review.mediaCount > 0) return { reason: 'has_photo' } as const;
  // The template's `sendFor`: only reviews rated at least this many stars are asked for a photo.
  if (review.rating < (template.sendFor ?? 4)) return { reason: 'rating' } as const;
  if (!row.customerEmail) return { reason: 'no_email' } as const;
  if (await isBlocked(tenant, row.customerEmail)) return { reason: 'unsubscribed' } as const;
  return { shop, row, review, lang };
}

/**
 * How long the request keeps listening for a late review after its last reminder: until the last
 * write link expires, on shops whose plan and template give a photo reminder; null elsewhere.
 */
export async function photoReminderWindow(deps: ActivityDeps, ref: RequestRef): Promise<string | null> {
  const shop = await deps.shops.get(ref.shopId);
  if (!shop?.appEnabled || !deps.shops.allows(shop, 'photoReminder')) return null;
  if (!(await shopTemplate(deps, ref.shopId, 'photoReminder', shop.locale)).enabled) return null;
  return new Date(Date.now() + WRITE_LINK_DAYS * 86_400_000).toISOString();
}

/** Decides whether the review gets a photo reminder and when: now plus the reminder interval. */
export async function planPhotoReminder(deps: ActivityDeps, ref: RequestRef, reviewId: number): Promise<PhotoVerdict> {
  const found = await reasonNotToSend(deps, ref, reviewId);
  const entry = () => entryOf(deps.tenant(ref.shopId, ref.shopDomain), ref.orderId);
  if ('reason' in found) {
    await entry().update({ photoReviewId: reviewId, photoReminderStatus: found.reason, updatedAt: new Date() });
    return { status: 'cancel', skipReason: found.reason };
  }
  if (found.row.photoReminderSentAt) return { status: 'success' };
  const { amount, unit } = (await requestSettingsOf(deps.settings).get(ref.shopId)).reminderAfter;
  // Planned when the review is signalled, so the review's time is (within the signal's delivery) now.
  const at = addInZone(new Date(), amount, unit, found.shop.timezone).toISOString();
  await entry().update({ photoReviewId: reviewId, photoReminderStatus: 'waiting', photoReminderAt: at, updatedAt: new Date() });
  return { status: 'waiting', at };
}

/** Sends the photo reminder once; answers what happened. */
export async function sendPhotoReminder(deps: ActivityDeps, ref: RequestRef, reviewId: number): Promise<PhotoVerdict> {
  const found = await reasonNotToSend(deps, ref, reviewId);
  const entry = () => entryOf(deps.tenant(ref.shopId, ref.shopDomain), ref.orderId);
  if ('reason' in found) {
    await entry().update({ photoReminderStatus: found.reason, updatedAt: new Date() });
    return { status: 'cancel', skipReason: found.reason };
  }
  const { shop, row, review, lang } = found;
  if (row.photoReminderSentAt) return { status: 'success' };

  const collect = deps.capabilities.require(ReviewWrite);
  const links = requestLinks(deps, shop.domain, { queueEntry: row.id, orderId: row.orderId }, LINK_DAYS);
  const model = {
    shop_name: shop.name,
    shop_url: `https://${shop.publicDomain ?? shop.domain}`,
    customer_first_name: row.customerName?.split(' ')[0] ?? null,
    customer_name: row.customerName ?? null,
    product_title: review.productTitle ?? '',
    review_content: review.content ?? '',
    photo_url: collect.photoUrl({ shopDomain: shop.domain, reviewId, expiresInDays: LINK_DAYS }),
    unsubscribe_url: links.unsubscribe,
  };
  const messageId = `<photo-reminder-${row.id}@${new URL(deps.config.appUrl).hostname}>`;
  const sent = await sendCustomerMail(deps, { shop, to: row.customerEmail, key: 'photoReminder', lang, model, messageId, unsubscribeUrl: links.unsubscribe });
  if ('refused' in sent) {
    await entry().update({ photoReminderStatus: 'failed', updatedAt: new Date() });
    return { status: 'cancel', skipReason: 'failed' };
  }
  await entry().update({ photoReminderStatus: 'success', photoReminderSentAt: new Date(), photoReminderMessageId: messageId, updatedAt: new Date() });
  return { status: 'success' };
}
