// The email-marketing sender app (spec sections 3, 4: the review-reminder template's `senderApp`, a
// queue row "sent by the email-marketing sender app", treated as sent). A plugin that can deliver the
// review requests itself (plugins/integration-klaviyo) provides this capability; the merchant picks
// it in the request settings. At the send time Plaudit then sends no email: it records the request as
// sent by that app and emits 'request.eligible' with `sentBy`, and the app's own flow mails the
// customer (its reminders too).

export const SENDER_APP = 'email-marketing.sender';

export interface SenderAppCapability {
  /** the app's id, stored in the settings and on the queue row: 'klaviyo' */
  app: string;
  /** its name as merchants know it */
  label: string;
  /** whether the shop is connected to it now */
  connected(shopId: number): Promise<boolean>;
}

/** Refused when the chosen app is missing or not connected (spec section 4's connection failure). */
export const SENDER_NOT_CONNECTED = 'Fail to connect to the email-marketing app';
