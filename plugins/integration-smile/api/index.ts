// GET|PUT|DELETE /api/integrations/smile: the kernel's integration routes with Smile's credentials,
// verified by one real call (the account's customers, one row) before they are saved.
import { CredentialsRefused, defineApiPlugin, integrationRoutes } from '@plaudit/kernel';
import { smileClient } from '../shared/client';
import { APP, LABEL, smileCredentials } from '../shared/smile';

export default defineApiPlugin({
  id: 'integration-smile',
  routes: (services) =>
    integrationRoutes(services, {
      app: APP,
      label: LABEL,
      credentials: smileCredentials,
      async verify(credentials) {
        const res = await smileClient(services, credentials)
          .anyCustomer()
          .catch(() => {
            throw new CredentialsRefused(`${LABEL} could not be reached`);
          });
        if (res.status === 401 || res.status === 403) throw new CredentialsRefused(`${LABEL} refused the key (${res.status})`);
        if (!res.ok) throw new Error(`${LABEL} answered ${res.status} to the key check`);
      },
    }),
});
