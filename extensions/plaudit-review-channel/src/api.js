// The app's routes for this block (plugins/review-requests/api/checkout-extension.ts), called with
// the extension's session token as Shopify documents it: a fresh `shopify.sessionToken.get()` for
// every request, sent as a bearer token; `fetch` needs the network_access capability.
// https://shopify.dev/docs/api/checkout-ui-extensions/latest/target-apis/platform-apis/session-token-api
import { useEffect, useState } from 'preact/hooks';

/** The production app's origin (shopify.app.toml application_url). */
export const APP_URL = 'https://plaudit.example.com';
const PATH = '/extensions/checkout/review-request';

export async function callApp(method, { query, body } = {}) {
  const token = await shopify.sessionToken.get();
  const search = query ? `?${new URLSearchParams(query)}` : '';
  const res = await fetch(`${APP_URL}${PATH}${search}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify({ ...body, target: shopify.extension.target }) : undefined,
  });
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(answer.message || `HTTP ${res.status}`);
  return answer;
}

/** What the block shows for the order: channels, the customer's choice, delivered and its write links; null until known or on failure. */
export function useOrderState(orderId) {
  const [state, setState] = useState(null);
  useEffect(() => {
    callApp('GET', { query: { order: orderId } }).then(setState, () => setState(null));
  }, [orderId]);
  return state;
}

export const t = (key, replacements) => shopify.i18n.translate(key, replacements);
