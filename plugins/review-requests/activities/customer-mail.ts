// The one send step of the mail a shop sends its customers (requests, reminders, photo reminders):
// through the shop's sender, under the caller's deterministic Message-ID, with the unsubscribe header.
import type { ActivityDeps } from '../../../workflows/plugin';
import { senderFor } from './sender';

export interface CustomerMail {
  shopId: number;
  shopDomain: string;
  to: string;
  subject: string;
  html: string;
  messageId: string;
  unsubscribeUrl: string;
}

function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500;
}

/**
 * Sends the mail; answers undefined once sent, or the server's error when it refused the mail for good.
 * Temporary SMTP trouble is thrown, for the activity's retry policy; a 5xx answer is final.
 */
export async function sendCustomerMail(deps: ActivityDeps, mail: CustomerMail): Promise<Error | undefined> {
  // The shop's verified SMTP server when chosen, else the app's; its sender name and reply-to.
  const sender = await senderFor(deps, mail.shopId);
  try {
    await sender.transport.sendMail({
      from: sender.from,
      replyTo: sender.replyTo,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      messageId: mail.messageId,
      headers: { 'X-Plaudit-Shop': mail.shopDomain, 'List-Unsubscribe': `<${mail.unsubscribeUrl}>` },
    });
  } catch (err) {
    if (!isPermanent(err)) throw err;
    return err as Error;
  }
  return undefined;
}
