// Issue 32: a request sent as a text message. The shop's channels are tried in its order (request
// settings `channels`; email only when unset): SMS and WhatsApp through the messaging plugin's
// Messaging capability, which refuses with a reason (no provider, no consent, STOP, invalid number,
// template rejected ...) that moves on to the next channel, or with quiet hours, which makes the
// request wait for that instant (the workflow's timer) instead of falling back.
import type { ActivityDeps, ShopView } from '@plaudit/kernel';
import { Messaging, type MessageChannel, type MessageRefusal, type RequestChannel, type SmsConsentState } from '@plaudit/contracts/messaging';
import type { QueueEntry } from '../db/queue';
import { requestSettingsOf } from '../db/settings';
import { clickTracker } from '../shared/tracked-links';
import { shortCodeFor } from '../db/short-links';
import type { ChannelChoice, MessageReceipt, TextMessageSent } from '../workflows/messages';

export interface ChannelAttempt {
  channel: MessageChannel;
  /** undelivered: the provider took the message, then reported it failed (its receipt) */
  refusal: MessageRefusal | 'no_phone' | 'undelivered';
  detail: string;
}

export type MessageOutcome =
  | { sent: { channel: MessageChannel; provider: string; messageId: string; text: string }; attempts: ChannelAttempt[] }
  | { retryAt: string; attempts: ChannelAttempt[] }
  | { email: boolean; attempts: ChannelAttempt[] };

/**
 * The request's channels in order: the shop's choice for the first send, email for reminders and the
 * postponed send. A customer who chose a channel on the thank-you or order-status page (issue 32) gets
 * it first, then email where the shop sends email at all; email alone when they chose email.
 */
export async function requestChannels(deps: ActivityDeps, shopId: number, firstSend: boolean, customer?: ChannelChoice): Promise<RequestChannel[]> {
  if (!firstSend) return ['email'];
  const shop = (await requestSettingsOf(deps.settings).get(shopId)).channels ?? ['email'];
  if (!customer) return shop;
  return customer.channel === 'email' || !shop.includes('email') ? [customer.channel] : [customer.channel, 'email'];
}

/** The channels after the one whose message was not delivered: those before it were tried already. */
export const channelsAfter = (channels: RequestChannel[], undelivered: RequestChannel) => channels.slice(channels.indexOf(undelivered) + 1);

export const undeliveredAttempt = (m: TextMessageSent & MessageReceipt): ChannelAttempt => ({
  channel: m.channel,
  refusal: 'undelivered',
  detail: `The provider reported the message ${m.status}${m.errorCode ? ` (error ${m.errorCode})` : ''}`,
});

export const emailOnly = (channels: RequestChannel[]) => channels.length === 1 && channels[0] === 'email';

/** The message's text in the customer's language, with the request's (short) tracked review link. */
function messageText(deps: ActivityDeps, lang: string, row: QueueEntry, shop: ShopView, reviewUrl: string) {
  const t = deps.i18n.forLanguage(lang);
  const firstName = row.customerName?.split(' ')[0] ?? '';
  return {
    firstName,
    text: t('review-requests:message.request', { name: firstName, shop: shop.name, order: row.name ?? '', url: reviewUrl })
      .replace(/\s+/g, ' ')
      .trim(),
  };
}

/**
 * Shopify's SMS marketing consent of the order, or the customer's own consent to this request's text
 * message given with their channel choice (issue 32): express consent for that message, so the
 * messaging plugin's consent check passes for it (README "Thank-you and order-status page").
 */
function consentFor(channel: RequestChannel, row: QueueEntry, customer?: ChannelChoice): SmsConsentState | null {
  if (customer?.channel === channel && customer.consent) return 'subscribed';
  return (row.smsConsent as SmsConsentState | null) ?? null;
}

/** Tries the message channels before email in the order; stops at the first sent, a quiet-hours wait, or email. */
export async function tryMessageChannels(
  deps: ActivityDeps,
  o: { shop: ShopView; row: QueueEntry; channels: RequestChannel[]; lang: string; reviewTarget: string; customer?: ChannelChoice },
): Promise<MessageOutcome> {
  const attempts: ChannelAttempt[] = [];
  const messaging = deps.capabilities.get(Messaging);
  for (const channel of o.channels) {
    if (channel === 'email') return { email: true, attempts };
    if (!o.row.customerPhone) {
      attempts.push({ channel, refusal: 'no_phone', detail: 'The order has no phone number' });
      continue;
    }
    if (!messaging) {
      attempts.push({ channel, refusal: 'not_connected', detail: 'The messaging plugin is not installed' });
      continue;
    }
    const track = clickTracker(deps, o.shop, { queueEntry: o.row.id, medium: channel, campaign: 'review_request' });
    // the signed click link as a short one: a third of the SMS segments (README "Message length")
    const code = await shortCodeFor(deps.tenant(o.shop.id, o.shop.domain), o.row.id, channel, track(o.reviewTarget));
    const reviewUrl = `${deps.config.appUrl}/r/s/${code}`;
    const { firstName, text } = messageText(deps, o.lang, o.row, o.shop, reviewUrl);
    const verdict = await messaging.send({
      shopId: o.shop.id,
      shopDomain: o.shop.domain,
      channel,
      phone: o.row.customerPhone,
      country: o.row.shippingCountry,
      consent: consentFor(channel, o.row, o.customer),
      locale: o.lang,
      text,
      template: { firstName: firstName || o.shop.name, shopName: o.shop.name, reviewUrl },
      key: `${o.row.id}:0:${channel}`,
      reference: String(o.row.id),
    });
    if (verdict.sent) return { sent: { channel, provider: verdict.provider, messageId: verdict.messageId, text }, attempts };
    if (verdict.refusal === 'quiet_hours' && verdict.retryAt) return { retryAt: verdict.retryAt, attempts };
    attempts.push({ channel, refusal: verdict.refusal, detail: verdict.detail });
  }
  return { email: false, attempts };
}
