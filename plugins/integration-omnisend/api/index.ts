// The Omnisend integration's API: the kernel's three integration calls (GET|PUT|DELETE
// /api/integrations/omnisend), the API key verified by one real call to Omnisend before it is
// saved (GET /v5/contacts?limit=1: refused keys answer 401/403).
import { CredentialsRefused, defineApiPlugin, integrationRoutes, vendorUrl } from '@plaudit/kernel';
import { APP, LABEL, OMNISEND_VERIFY_URL, omnisendCredentials } from '../shared/omnisend';

export default defineApiPlugin({
  id: 'integration-omnisend',
  routes: (services) =>
    integrationRoutes(services, {
      app: APP,
      label: LABEL,
      credentials: omnisendCredentials,
      async verify({ apiKey }) {
        let res: Response;
        try {
          res = await fetch(vendorUrl(OMNISEND_VERIFY_URL, services.config.integrationsBaseUrl), {
            headers: { 'X-API-KEY': apiKey, accept: 'application/json' },
            signal: AbortSignal.timeout(10_000),
          });
        } catch (err) {
          throw new CredentialsRefused(`${LABEL} could not be reached: ${(err as Error).message}`);
        }
        await res.body?.cancel();
        if (res.status === 401 || res.status === 403) throw new CredentialsRefused(`${LABEL} refused the key (${res.status})`);
        if (!res.ok) throw new Error(`${LABEL} answered ${res.status}`);
      },
    }),
});
