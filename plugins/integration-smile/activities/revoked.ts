// Smile refused the key for good: the integration is disconnected with the reason, and the one call
// that disconnected it (services.integrations.revoked) has the merchant told, once. The mail is its
// own activity so an SMTP failure retries the mail, never the claim.
import { mailIntegrationRevoked, type ActivityDeps } from '@plaudit/kernel';
import { APP, LABEL, type SmileInput } from '../shared/smile';

export function revokedReason(failureMessage: string): string {
  const status = /answered (\d{3})/.exec(failureMessage)?.[1];
  return `${LABEL} refused the API key${status ? ` (HTTP ${status})` : ''}`;
}

export async function markRevoked(deps: ActivityDeps, input: SmileInput, failureMessage: string): Promise<boolean> {
  return deps.integrations.revoked(input.shopId, APP, revokedReason(failureMessage));
}

export const mailRevoked = (deps: ActivityDeps, input: SmileInput) =>
  mailIntegrationRevoked(deps, { shopId: input.shopId, app: APP, label: LABEL, namespace: 'integration-smile' });
