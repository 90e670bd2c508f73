// One interface for every messaging provider (Twilio, Meta's WhatsApp Cloud API): a send answers the
// provider's message id or a refusal the request can fall back on; a busy provider (429, 5xx) or a
// network failure throws, so the sending activity retries it.
import type { MessageChannel, MessageRefusal } from '@plaudit/contracts/messaging';

export interface ProviderMessage {
  channel: MessageChannel;
  /** E.164 */
  to: string;
  text: string;
  template: { firstName: string; shopName: string; reviewUrl: string };
  locale: string;
  /** where the provider POSTs this message's delivery receipts (Twilio names it per message) */
  statusCallback: string;
}

export type ProviderAnswer =
  | { ok: true; messageId: string; segments: number | null }
  /** `revoked`: the provider refused the credentials themselves (not this message): the connection is gone */
  | { ok: false; refusal: MessageRefusal; detail: string; revoked?: boolean };

export interface Provider<C> {
  /** the integration's app id (kernel integrations: sealed credentials per shop) */
  app: string;
  label: string;
  channels(credentials: C): MessageChannel[];
  send(credentials: C, message: ProviderMessage): Promise<ProviderAnswer>;
}

/** A 429 or 5xx: thrown for the activity's retry policy (the message was not accepted). */
export class ProviderBusy extends Error {}
