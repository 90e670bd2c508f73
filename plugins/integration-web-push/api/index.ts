// GET|PUT|DELETE /api/integrations/onesignal: the kernel's integration routes with OneSignal's App ID
// and App API key, verified by one real call (View messages, one row, for that app) before they are saved.
import { CredentialsRefused, defineApiPlugin, integrationRoutes } from '@plaudit/kernel';
import { onesignalClient } from '../shared/client';
import { APP, LABEL, onesignalCredentials } from '../shared/web-push';

export default defineApiPlugin({
  id: 'integration-web-push',
  routes: (services) =>
    integrationRoutes(services, {
      app: APP,
      label: LABEL,
      credentials: onesignalCredentials,
      async verify(credentials) {
        const res = await onesignalClient(services, credentials)
          .anyNotification()
          .catch(() => {
            throw new CredentialsRefused(`${LABEL} could not be reached`);
          });
        // 400 "app_id not found", 401/403 "Access denied": the App ID or the key is wrong
        if (res.status === 400 || res.status === 401 || res.status === 403) throw new CredentialsRefused(`${LABEL} refused the App ID or key (${res.status})`);
        if (!res.ok) throw new Error(`${LABEL} answered ${res.status} to the key check`);
      },
    }),
});
