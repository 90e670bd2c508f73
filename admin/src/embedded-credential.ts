// In the Shopify admin (under /embed) every call carries a fresh session token from App Bridge
// (`shopify.idToken()`); the first document load also carries one as `id_token`.
import { setCredentialSource, TOKEN_KEY } from './api-client';
import { isEmbedded } from './prefix';

declare global {
  interface Window {
    shopify?: { idToken?: () => Promise<string> };
  }
}

export function installEmbeddedCredentials() {
  if (!isEmbedded()) return;
  const firstLoadToken = new URLSearchParams(window.location.search).get('id_token');
  setCredentialSource(async () => {
    if (window.shopify?.idToken) return window.shopify.idToken();
    return firstLoadToken ?? localStorage.getItem(TOKEN_KEY);
  });
}

export function hasEmbeddedCredential(): boolean {
  return isEmbedded() && (!!window.shopify?.idToken || new URLSearchParams(window.location.search).has('id_token'));
}
