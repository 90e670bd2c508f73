// The email-marketing sender app's role (provided by plugins/integration-klaviyo; another app could
// fill it): an app that may send the review requests itself. The merchant picks it in the request
// settings; at the send time, while the shop is connected, Plaudit sends no email, records the
// request as sent by that app and emits 'request.eligible' with `sentBy`, and the app's flow mails
// the customer (its reminders too).
import { defineCapability } from './define';

/** 'email-marketing.sender': the app that may send review requests instead of Plaudit's email. */
export interface SenderAppApi {
  /** the app's id, stored in the request settings and on the queue row: 'klaviyo' */
  app: string;
  /** its name as merchants know it */
  label: string;
  /** whether the shop is connected to it now */
  connected(shopId: number): Promise<boolean>;
}
export const SenderApp = defineCapability<SenderAppApi>('email-marketing.sender');
