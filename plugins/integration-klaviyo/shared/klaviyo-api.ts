// Klaviyo's REST API as Plaudit calls it (server side only): the private key in `Authorization:
// Klaviyo-API-Key`, the dated `revision`, JSON:API bodies. URLs go through vendorUrl so the
// integrations emulator answers them in development and tests.
import { vendorUrl } from '@plaudit/kernel';
import { KLAVIYO_ACCOUNTS_URL, KLAVIYO_EVENTS_URL, KLAVIYO_REVISION } from './klaviyo';

const TIMEOUT_MS = 15_000;

function headers(privateKey: string): Record<string, string> {
  return {
    authorization: `Klaviyo-API-Key ${privateKey}`,
    revision: KLAVIYO_REVISION,
    accept: 'application/vnd.api+json',
    'content-type': 'application/vnd.api+json',
  };
}

/** GET /api/accounts: the cheapest authenticated call (the key's own account), to verify a key. */
export function getAccounts(privateKey: string, base?: string): Promise<Response> {
  return fetch(vendorUrl(KLAVIYO_ACCOUNTS_URL, base), { headers: headers(privateKey), signal: AbortSignal.timeout(TIMEOUT_MS) });
}

/** POST /api/events: 202 with an empty body when accepted. */
export function createEvent(privateKey: string, body: unknown, base?: string): Promise<Response> {
  return fetch(vendorUrl(KLAVIYO_EVENTS_URL, base), {
    method: 'POST',
    headers: headers(privateKey),
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}
