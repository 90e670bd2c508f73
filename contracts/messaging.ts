// Text messages to a shop's customers (provided by plugins/messaging: Twilio for SMS and WhatsApp,
// Meta's WhatsApp Cloud API for WhatsApp): the review-requests plugin's requests sent by SMS or
// WhatsApp. An optional capability: without it, or with no provider connected, requests go by email.
import type { AnalyticsSource } from './analytics';
import { defineCapability, defineEvent } from './define';

export type MessageChannel = 'sms' | 'whatsapp';
/** A request's channels, tried in the shop's order (email is review-requests' own). */
export type RequestChannel = 'email' | MessageChannel;
export const REQUEST_CHANNELS: readonly RequestChannel[] = ['email', 'sms', 'whatsapp'];

/**
 * Why a message was not sent. `quiet_hours` comes with the instant it may go (`retryAt`); the others
 * mean "try the next channel": no provider connected for the channel, no SMS marketing consent on the
 * order's customer, the customer replied STOP, a number no provider takes, a WhatsApp template Meta
 * refused, or the provider refusing the message.
 */
export type MessageRefusal = 'not_connected' | 'no_consent' | 'opted_out' | 'quiet_hours' | 'invalid_number' | 'template_rejected' | 'provider_error';

/** Shopify's customer SMS marketing consent states (REST `customer.sms_marketing_consent.state`). */
export type SmsConsentState = 'subscribed' | 'not_subscribed' | 'pending' | 'unsubscribed' | 'redacted';

export interface RequestMessage {
  shopId: number;
  shopDomain: string;
  channel: MessageChannel;
  /** the customer's number as the order gave it (E.164 or national, read with `country`) */
  phone: string;
  /** the shipping country (ISO 3166-1 alpha-2): the number's default country and the customer's local time */
  country: string | null;
  /** Shopify's SMS marketing consent for that number, null when the order said nothing */
  consent: SmsConsentState | null;
  /** the customer's language ('de', 'pt-BR'): WhatsApp's template language */
  locale: string;
  /** the rendered SMS text (with the review link) */
  text: string;
  /** the WhatsApp template's parameters, in the template's order: {{1}} first name, {{2}} shop, {{3}} review link */
  template: { firstName: string; shopName: string; reviewUrl: string };
  /** stable per message (`<queue entry>:<reminder>:<channel>`): a repeated send answers the first verdict */
  key: string;
  /** what the delivery receipts name (the review-requests queue entry id) */
  reference: string;
}

export type SendVerdict =
  | { sent: true; provider: string; messageId: string; segments: number | null }
  | { sent: false; refusal: MessageRefusal; detail: string /** quiet hours: when the message may go */; retryAt?: string };

/** 'messaging.requests': the channels a shop has connected, and one request message. */
export interface MessagingApi {
  channels(shopId: number): Promise<MessageChannel[]>;
  send(message: RequestMessage): Promise<SendVerdict>;
}
export const Messaging = defineCapability<MessagingApi>('messaging.requests');

/**
 * 'messaging.analytics': the messages' facts per local day, by the day the provider accepted them
 * (issue 32, costs per message): `messages.sent.<channel>`; the amounts providers reported, per
 * currency (ISO 4217), `messages.priced.<channel>.<currency>` (how many) and
 * `messages.cost_micros.<channel>.<currency>` (their sum in millionths); Meta's billable messages by
 * pricing category, which come without an amount, `messages.billable.<channel>.<category>`, and its
 * free ones `messages.free.<channel>`.
 */
export const MessagingAnalytics = defineCapability<AnalyticsSource>('messaging.analytics');

/** What a delivery receipt (or a STOP reply to a sent message) says about a message. */
export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed' | 'undelivered' | 'opted_out';

export interface MessageStatusPayload {
  shopId: number;
  shopDomain: string;
  /** the message's `reference` as sent */
  reference: string;
  channel: MessageChannel;
  provider: string;
  messageId: string;
  status: DeliveryStatus;
  /** the provider's error code on failed / undelivered */
  errorCode: string | null;
  at: string;
}
export const MessageStatusChanged = defineEvent<MessageStatusPayload>('messaging.status-changed');
