// Sends a settings mail (test email, sender verification). A refusal (5xx) is final; anything else is
// retried by the workflow's short policy. The Message-ID is the caller's, so a retry is recognisable.
import { ApplicationFailure } from '@temporalio/common';
import type { ActivityDeps } from '@plaudit/kernel';
import type { SettingsMailInput } from '../workflows/messages';

export async function sendSettingsMail(deps: ActivityDeps, input: SettingsMailInput): Promise<{ accepted: boolean }> {
  const shop = { id: input.shopId, domain: input.shopDomain };
  const mail = { to: input.to, body: input.body, messageId: input.messageId };
  // A test goes the way the shop's customer mail goes (its sender, its SMTP server); a verification comes from the app.
  const outcome = input.kind === 'test' ? await deps.mail.sendToCustomer(shop, mail) : await deps.mail.sendToMerchant(shop, mail);
  if (!outcome.sent) throw ApplicationFailure.nonRetryable(outcome.refused.message.slice(0, 500), 'PermanentSmtpError');
  return { accepted: true };
}
