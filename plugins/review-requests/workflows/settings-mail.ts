// One-off mail a merchant asks for from the email settings: a template's test email, or the link
// that verifies a sender address. A short workflow so it goes out through the worker's transports
// (the shop's own SMTP server for tests) with a few quick retries, and ops can see it in Temporal.
import { proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import type { SettingsMailInput } from './messages';

const { sendSettingsMail } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '45 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 3, nonRetryableErrorTypes: ['PermanentSmtpError'] },
});

export async function settingsMail(input: SettingsMailInput): Promise<{ accepted: boolean }> {
  return sendSettingsMail(input);
}
