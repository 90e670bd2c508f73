// Signals, updates and queries of the review-request workflow, shared by the workflow and callers.
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { MailBody } from '@plaudit/kernel';
import type { DeliveryStatus, MessageChannel, RequestChannel } from '@plaudit/contracts/messaging';

export interface OrderFacts {
  name: string;
  createdAt: string;
  email: string | null;
  customerName: string | null;
  customerId: string | null;
  shippingCountry: string | null;
  /** the customer's language as the order says ('de', 'pt-BR'); absent in older histories */
  locale?: string | null;
  lineItems: { productId: string | null; title: string; quantity: number }[];
  /** when already known at start (old orders, send now): saves the separate fulfilled/delivered signals */
  fulfilledAt?: string | null;
  deliveredAt?: string | null;
  /** issue 32: the customer's phone and Shopify's SMS marketing consent state for it; absent in older histories */
  phone?: string | null;
  smsConsent?: string | null;
}

/** The review-request workflow's input: the request's reference (activities get no more than this). */
export interface ReviewRequestInput {
  shopId: number;
  shopDomain: string;
  orderId: string;
  /** known at start for old orders and sends from the store admin; webhooks signal them instead */
  facts?: OrderFacts;
  /** a new attempt the merchant asked for (Resend, Send anyway) where no run was waiting for it: send at once */
  sendNow?: boolean;
}
export type RequestRef = Omit<ReviewRequestInput, 'facts' | 'sendNow'>;

/** The settingsMail workflow's input: a template's test email, or the link that verifies a sender address. */
export interface SettingsMailInput {
  shopId: number;
  shopDomain: string;
  /** test: through the shop's sender (its SMTP server when chosen); verifySender: the app's */
  kind: 'test' | 'verifySender';
  to: string;
  body: MailBody;
  messageId: string;
}

export type QueueStatus = 'waitingCondition' | 'waiting' | 'success' | 'opened' | 'reviewed' | 'failed' | 'cancel' | 'pause';

export const orderFactsSignal = defineSignal<[OrderFacts]>('orderFacts');
/** One fulfillment webhook's news: fulfilled, and delivered when it says so (one signal per webhook). */
export interface ShipmentFacts {
  fulfilledAt?: string;
  deliveredAt?: string;
}
export const shipmentSignal = defineSignal<[ShipmentFacts]>('shipment');
/** Older senders (still in running histories): one signal per fact. Not sent any more. */
export const fulfilledSignal = defineSignal<[string]>('fulfilled');
export const deliveredSignal = defineSignal<[string]>('delivered');
export const cancelSignal = defineSignal('cancel');
export const pauseSignal = defineSignal<[boolean]>('pause');
/** The open pixel was fetched: the workflow records it (activities are the only writer of email_queue). */
export const openedSignal = defineSignal<[{ at?: string }?]>('opened');
/** The shop's plan changed: a request held over the monthly quota checks it again. */
export const quotaChangedSignal = defineSignal('quotaChanged');
/**
 * What the reviews plugin says when the customer reviewed. Both fields are optional: signals sent
 * before the photo reminder existed (and in running histories) carry no payload at all.
 */
export interface ReviewedPayload {
  reviewId?: number;
  /** the review came with photos: no photo reminder for it */
  hasPhotos?: boolean;
  rating?: number;
}
export const reviewedSignal = defineSignal<[ReviewedPayload?]>('reviewed');
/** Answers the caller with the workflow's verdict: sent now, or why not. */
export const sendAnywayUpdate = defineUpdate<string>('sendAnyway');
export const statusQuery = defineQuery<QueueStatus>('status');
/** Bulk skip with a verdict: only a waiting request can be cancelled (spec section 4). */
export const cancelRequestUpdate = defineUpdate<string>('cancelRequest');
/** The row's push action: hands the push reminder to the web-push app now; answers sent or why not. */
export const sendPushUpdate = defineUpdate<{ status: string; message: string }>('sendPush');

/**
 * "Not arrived yet?" (issue 32), from the request email's signed link: the request waits for the
 * delivery (or the shop's postpone time, 7 days) and comes again. An update, so the customer's page
 * reads the workflow's verdict: refused once the reminders are over or after one postponement.
 * Answers until when (ISO) the request waits at most.
 */
export const postponeUpdate = defineUpdate<string, [{ at: string }]>('postpone');
/**
 * The postpone update's refusal while the workflow has not yet taken the send's answer (the mail, and the
 * queue row's status, can be out a moment before): the customer's page asks again (postpone-route.ts).
 */
export const NOT_SENT_YET = 'The request has not been sent yet';

/**
 * The customer's channel for the request, chosen on the thank-you or order-status page (issue 32,
 * extensions/plaudit-review-channel). The workflow keeps it for the first send: that channel first,
 * then email. `consent`: the customer agreed to text messages about this order at its number.
 */
export interface ChannelChoice {
  channel: RequestChannel;
  consent: boolean;
  at: string;
  source: 'thank_you' | 'order_status';
}
export const channelChoiceSignal = defineSignal<[ChannelChoice]>('channelChoice');

/**
 * A text message the provider took may still not reach the phone (issue 32): the final receipt of the
 * message that carried the request, from the messaging plugin's MessageStatusChanged. A failure sends
 * the request on its next channel.
 */
export interface MessageReceipt {
  messageId: string;
  status: DeliveryStatus;
  errorCode: string | null;
}
export const messageReceiptSignal = defineSignal<[MessageReceipt]>('messageReceipt');
/** The text message that carried the request (a send's outcome), whose receipt the workflow awaits. */
export interface TextMessageSent {
  channel: MessageChannel;
  messageId: string;
}

export const reviewRequestWorkflowId = (shopDomain: string, orderId: string) => `review-request:${shopDomain}:${orderId}`;

export const OLD_ORDER_DAYS = 60;
export interface OldOrdersProgress {
  started: number;
  total: number | null;
  done: boolean;
}
export const progressQuery = defineQuery<OldOrdersProgress>('progress');
export const oldOrdersWorkflowId = (shopDomain: string) => `old-order-requests:${shopDomain}`;

/** The sending screen's background send (spec section 2, /collect-reviews/email-request). */
export interface SendNowProgress {
  total: number;
  done: number;
  results: { orderId: string; ok: boolean; message: string }[];
  finished: boolean;
}
export const sendNowProgressQuery = defineQuery<SendNowProgress>('sendNowProgress');
export const sendNowWorkflowPrefix = (shopDomain: string) => `send-now:${shopDomain}:`;

const STATUS_TEXT: Record<QueueStatus, string> = {
  waitingCondition: 'Waiting',
  waiting: 'Scheduled',
  success: 'Sent',
  opened: 'Opened',
  reviewed: 'Customer reviewed',
  failed: 'Failed',
  cancel: 'Cancelled',
  pause: 'Paused',
};

export interface RequestState {
  status: QueueStatus;
  orderName?: string;
  trigger?: string;
  sendAt?: string;
  remindersSent: number;
  reminders?: number;
  push: string;
  /** the photo reminder after a review without photos (paid tiers): waiting, success, cancel, or its skip reason */
  photoReminder?: string;
  photoReminderAt?: string;
  skipReason?: string | null;
  errorMessage?: string | null;
  /** a request held over the quota: when the month turns in the shop's timezone */
  heldUntil?: string;
  /** the customer postponed it ("Not arrived yet?"): it comes again on the delivery, at the latest then; 'sent' once it did */
  postponedUntil?: string;
  /** the customer's channel from the thank-you or order-status page (issue 32) */
  customerChannel?: ChannelChoice;
}

/** The workflow's current details in the Temporal UI: the queue row, and what happens next. */
export function currentDetails(s: RequestState): string {
  const next: Record<QueueStatus, string> = {
    waitingCondition: `Waiting for the order's ${s.trigger ?? 'details'} before scheduling.`,
    waiting: s.sendAt ? `Sends at ${s.sendAt} (UTC) unless cancelled, paused or sent anyway.` : 'Scheduled.',
    success: `Sent. Reminders ${s.remindersSent}/${s.reminders ?? 0}; a review stops them.`,
    opened: `Opened. Reminders ${s.remindersSent}/${s.reminders ?? 0}; a review stops them.`,
    reviewed: 'The customer reviewed: nothing more to send.',
    failed: `Failed: ${s.errorMessage ?? 'unknown error'}. Waits for Resend (queue row, or the sendAnyway update).`,
    cancel: `Cancelled${s.skipReason ? ` (skip reason: ${s.skipReason})` : ''}. Waits for Send anyway.`,
    pause:
      s.skipReason === 'quota_exceeded'
        ? `Held: the shop's monthly request quota is used up. Sends when the month turns${s.heldUntil ? ` (${s.heldUntil} UTC)` : ''}, when the plan raises the quota, or on Send anyway.`
        : `Paused${s.skipReason ? ` (${s.skipReason})` : ''}. Waits to be resumed or sent anyway.`,
  };
  const lines = [`**${STATUS_TEXT[s.status]}** · ${s.orderName ?? 'order details not received yet'}`, '', next[s.status]];
  if (s.postponedUntil)
    lines.push(
      '',
      s.postponedUntil === 'sent'
        ? 'Postponed by the customer ("Not arrived yet?"): sent again.'
        : `Postponed by the customer ("Not arrived yet?"): sends again on the delivery, at the latest at ${s.postponedUntil} (UTC).`,
    );
  if (s.customerChannel)
    lines.push(
      '',
      `The customer chose ${s.customerChannel.channel}${s.customerChannel.consent ? ' (consent to text messages given)' : ''} on the ${s.customerChannel.source === 'thank_you' ? 'thank-you' : 'order-status'} page: the request goes that way first, then by email.`,
    );
  if (s.push !== 'none') lines.push('', `Push reminder: ${s.push === 'success' ? 'sent' : s.push}.`);
  if (s.photoReminder)
    lines.push(
      '',
      `Photo reminder: ${s.photoReminder === 'success' ? 'sent' : s.photoReminder === 'waiting' ? `waiting until ${s.photoReminderAt ?? 'its time'} (UTC)` : s.photoReminder}.`,
    );
  return lines.join('\n');
}
