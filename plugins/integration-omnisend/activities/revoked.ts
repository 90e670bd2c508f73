// Omnisend refused the key for good: the integration is disconnected with Omnisend's answer as the
// reason, and the merchant, by the one call that disconnected it (`revoked()` is true once), gets one
// mail saying so with a button to connect again.
import { mailIntegrationRevoked, type ActivityDeps } from '@plaudit/kernel';
import { APP, LABEL } from '../shared/omnisend';
import type { OmnisendDelivery } from '../workflows/messages';

export async function markRevoked(deps: ActivityDeps, input: OmnisendDelivery, answer: string): Promise<boolean> {
  return deps.integrations.revoked(input.shopId, APP, answer.slice(0, 500));
}

export const mailRevoked = (deps: ActivityDeps, input: OmnisendDelivery) =>
  mailIntegrationRevoked(deps, { shopId: input.shopId, app: APP, label: LABEL, namespace: 'integration-omnisend' });
