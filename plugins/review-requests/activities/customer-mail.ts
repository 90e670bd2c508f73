// The mail this plugin sends a shop's customers (requests, reminders, photo reminders): its templates
// from the kernel's registry, rendered in the customer's language (the order's locale, else the
// shop's), sent through the shop's sender with the unsubscribe header.
import type { ActivityDeps, MailBody, ShopView } from '@plaudit/kernel';
import { trackedBody, type Tracker } from '../shared/tracked-links';
import { type RequestExtras, withRequestExtras } from '../shared/request-mail';

export type RequestTemplate = 'reviewReminder' | 'photoReminder';

export const templateId = (key: RequestTemplate) => `review-requests.${key}`;

/** The shop's template in a language (its `enabled` is the notifications grid's switch). */
export async function shopTemplate(deps: ActivityDeps, shopId: number, key: RequestTemplate, lang: string) {
  return deps.mail.templates.get(shopId, templateId(key), lang);
}

export interface CustomerMail {
  shop: ShopView;
  to: string;
  key: RequestTemplate;
  lang: string;
  model: Record<string, unknown>;
  messageId: string;
  unsubscribeUrl: string;
  /** reminders: 'Reminder: ' before the subject */
  reminder?: boolean;
  /** the click redirect every link goes through (requests and their reminders) */
  track?: Tracker;
  /** the request's own additions (issue 32): the postpone line, "finish your review" */
  extras?: RequestExtras;
}

/** Sends the mail; answers the body sent, or the server's error when it refused the mail for good (temporary trouble throws). */
export async function sendCustomerMail(deps: ActivityDeps, m: CustomerMail): Promise<{ body: MailBody; html: string } | { refused: Error }> {
  const t = deps.i18n.forLanguage(m.lang);
  const prefixKey = m.extras?.finishing ? 'review-requests:mail.finish_prefix' : 'review-requests:mail.reminder_prefix';
  const prefix = m.reminder || m.extras?.finishing ? `${t(prefixKey)} ` : undefined;
  const rendered = await deps.mail.templates.render(m.shop.id, templateId(m.key), m.model, m.lang, { subjectPrefix: prefix });
  const tracked = m.track ? trackedBody(rendered, m.track) : rendered;
  // after the tracking: the postpone link is no click toward the shop
  const body = m.extras ? withRequestExtras(tracked, t, m.extras) : tracked;
  const outcome = await deps.mail.sendToCustomer(m.shop, { to: m.to, body, messageId: m.messageId, unsubscribeUrl: m.unsubscribeUrl });
  return outcome.sent ? { body, html: await deps.mail.render(body) } : { refused: outcome.refused };
}
