// The Klaviyo integration's API: the kernel's three integration calls with Klaviyo's credentials.
//   GET    /api/integrations/klaviyo   { success, data: { app, status, connectedAt, disconnectedAt, reason } }
//   PUT    /api/integrations/klaviyo   { privateKey }: verified with GET /api/accounts before it is saved
//   DELETE /api/integrations/klaviyo   disconnect: no more events are sent
import { CredentialsRefused, defineApiPlugin, integrationRoutes } from '@plaudit/kernel';
import { APP, credentialsSchema, LABEL } from '../shared/klaviyo';
import { getAccounts } from '../shared/klaviyo-api';

export default defineApiPlugin({
  id: 'integration-klaviyo',
  routes: (services) =>
    integrationRoutes(services, {
      app: APP,
      label: LABEL,
      credentials: credentialsSchema,
      async verify({ privateKey }) {
        let res: Response;
        try {
          res = await getAccounts(privateKey, services.config.integrationsBaseUrl);
        } catch {
          throw new CredentialsRefused('Klaviyo could not be reached');
        }
        if (res.status === 401 || res.status === 403) throw new CredentialsRefused(`Klaviyo refused the key (${res.status})`);
        // 400: Klaviyo answers a malformed key (e.g. a public key in its place) as invalid input
        if (res.status === 400) throw new CredentialsRefused('Klaviyo refused the key (400)');
        if (!res.ok) throw new Error(`Klaviyo answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      },
    }),
});
