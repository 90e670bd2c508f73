// Sends a settings mail (test email, sender verification). A 5xx answer is final; anything else is
// retried by the workflow's short policy. The Message-ID is the caller's, so a retry is recognisable.
import { ApplicationFailure } from '@temporalio/common';
import type { ActivityDeps } from '../../../workflows/plugin';
import type { SettingsMailInput } from '../workflows/settings-mail';
import { senderFor } from './sender';

export async function sendSettingsMail(deps: ActivityDeps, input: SettingsMailInput): Promise<{ accepted: boolean }> {
  const sender = input.kind === 'test' ? await senderFor(deps, input.shopId) : { transport: deps.mailer, from: deps.config.smtp.from, replyTo: undefined };
  try {
    await sender.transport.sendMail({
      from: sender.from,
      replyTo: sender.replyTo,
      to: input.to,
      subject: input.subject,
      html: input.html,
      messageId: input.messageId,
      headers: { 'X-Plaudit-Shop': input.shopDomain },
    });
  } catch (err) {
    const code = (err as { responseCode?: number }).responseCode;
    if (typeof code === 'number' && code >= 500) throw ApplicationFailure.nonRetryable((err as Error).message.slice(0, 500), 'PermanentSmtpError');
    throw err;
  }
  return { accepted: true };
}
