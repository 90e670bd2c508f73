// OneSignal's REST API as this plugin calls it (https://api.onesignal.com, `Authorization: Key
// <App API key>`), through the integrations emulator when INTEGRATIONS_BASE_URL is set. Answers are
// checked by the caller.
import { vendorUrl, type KernelServices } from '@plaudit/kernel';
import { ONESIGNAL_API, type OneSignalCredentials } from './web-push';

const TIMEOUT_MS = 10_000;

export function onesignalClient(deps: Pick<KernelServices, 'config'>, credentials: OneSignalCredentials) {
  const headers = { authorization: `Key ${credentials.restApiKey}`, accept: 'application/json' };
  const url = (path: string) => vendorUrl(`${ONESIGNAL_API}${path}`, deps.config.integrationsBaseUrl);
  return {
    /** View messages, one row: the cheapest call the App API key may make for its app, to check both */
    anyNotification: () =>
      fetch(url(`/notifications?app_id=${encodeURIComponent(credentials.appId)}&limit=1`), { headers, signal: AbortSignal.timeout(TIMEOUT_MS) }),
    /** Create message, push channel */
    createNotification: (body: Record<string, unknown>) =>
      fetch(url('/notifications?c=push'), {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ app_id: credentials.appId, ...body }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }),
  };
}
