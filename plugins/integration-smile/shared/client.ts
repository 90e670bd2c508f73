// Smile.io's REST API as this plugin calls it (https://api.smile.io/v1, Bearer key), through the
// integrations emulator when INTEGRATIONS_BASE_URL is set. Answers are checked by the caller.
import { vendorUrl, type KernelServices } from '@plaudit/kernel';
import { SMILE_API, type SmileCredentials } from './smile';

const TIMEOUT_MS = 10_000;

export function smileClient(deps: Pick<KernelServices, 'config'>, credentials: Pick<SmileCredentials, 'privateKey'>) {
  const headers = { authorization: `Bearer ${credentials.privateKey}`, accept: 'application/json' };
  const url = (path: string) => vendorUrl(`${SMILE_API}${path}`, deps.config.integrationsBaseUrl);
  const get = (path: string) => fetch(url(path), { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  return {
    /** one customer of the account: the cheapest authenticated call, to check a key */
    anyCustomer: () => get('/customers?limit=1'),
    /** Smile's customers with this email (Smile does not enforce unique emails: newest first) */
    customersByEmail: (email: string) => get(`/customers?email=${encodeURIComponent(email)}&limit=1`),
    createActivity: (activity: { customer_id: number; token: string; distinct_id: string }) =>
      fetch(url('/activities'), {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ activity }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }),
  };
}
