// The SyndicationCounts capability (contracts/syndication.ts): the reviews each channel holds now.
import type { KernelServices } from '@plaudit/kernel';
import type { SyndicationCountsApi } from '@plaudit/contracts/syndication';
import { SETTINGS_DEFAULTS, SETTINGS_NAMESPACE, syndicationSettingsSchema } from '../shared/settings';
import { GOOGLE_APP } from '../shared/google-credentials';
import { googleCounts } from './google-state';
import { counts } from './state';

export function syndicationCounts(services: Pick<KernelServices, 'settings' | 'integrations'>): SyndicationCountsApi {
  const settings = services.settings.namespace(SETTINGS_NAMESPACE, syndicationSettingsSchema, SETTINGS_DEFAULTS);
  return {
    async counts(tenant) {
      const [choices, google, shopify, connection] = await Promise.all([
        settings.get(tenant.shopId),
        googleCounts(tenant),
        counts(tenant),
        services.integrations.state(tenant.shopId, GOOGLE_APP),
      ]);
      return {
        shopify: { synced: shopify.synced, failed: shopify.failed, on: choices.shopifyEnabled },
        google: { synced: google.synced, failed: google.failed, on: connection.status === 'connected' },
      };
    },
  };
}
