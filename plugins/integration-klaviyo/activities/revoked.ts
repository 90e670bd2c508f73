// Klaviyo refused the shop's key for good (401/403): the integration is disconnected with the reason,
// and the merchant hears of it once. `revoked()` is true for one call only, so the workflow that got
// true sends the mail in a separate activity: a retried mail (SMTP down for now) is still sent.
import { mailIntegrationRevoked, type ActivityDeps } from '@plaudit/kernel';
import { APP, LABEL, type DeliveryInput } from '../shared/klaviyo';

/** Klaviyo's error detail out of assertVendorOk's message ('Klaviyo answered 401: {"errors":[...]}'). */
export function revokedReason(message: string): string {
  const status = /answered (\d{3})/.exec(message)?.[1];
  const detail = /"detail"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(message)?.[1];
  return `${LABEL} refused the private API key${status ? ` (${status})` : ''}${detail ? `: ${detail.replace(/\\"/g, '"')}` : ''}`;
}

export async function markRevoked(deps: ActivityDeps, input: Pick<DeliveryInput, 'shopId'>, message: string): Promise<boolean> {
  return deps.integrations.revoked(input.shopId, APP, revokedReason(message));
}

export const mailRevoked = (deps: ActivityDeps, input: Pick<DeliveryInput, 'shopId'>) =>
  mailIntegrationRevoked(deps, { shopId: input.shopId, app: APP, label: LABEL, namespace: 'integration-klaviyo' });
