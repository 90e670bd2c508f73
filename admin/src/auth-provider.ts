import type { AuthProvider } from 'react-admin';
import { apiJson, signInPath, TOKEN_KEY } from './api-client';
import { hasEmbeddedCredential } from './embedded-credential';
import type { ShopRecord } from './plugin';
import { forgetShop, loadShop, rememberShop } from './shop';

/** A credential to call the API with: the standalone token, or Shopify's in the embedded admin. */
export const isSignedIn = () => hasEmbeddedCredential() || !!localStorage.getItem(TOKEN_KEY);

/**
 * Standalone sign-in with an app token (from standalone OAuth or `plaudit token`); the
 * store-platform plugin adds Shopify's session tokens for the embedded admin.
 */
export const authProvider: AuthProvider = {
  async login({ token }: { token: string }) {
    localStorage.setItem(TOKEN_KEY, token.trim());
    try {
      rememberShop(await apiJson<ShopRecord>('/shops'));
    } catch (error) {
      localStorage.removeItem(TOKEN_KEY);
      throw error;
    }
  },
  async logout() {
    localStorage.removeItem(TOKEN_KEY);
    forgetShop();
    return signInPath();
  },
  async checkAuth() {
    if (!isSignedIn()) throw { redirectTo: signInPath(), message: false };
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      localStorage.removeItem(TOKEN_KEY);
      forgetShop();
      throw { redirectTo: signInPath(), message: false };
    }
  },
  async getIdentity() {
    const shop = await loadShop();
    return { id: shop.id, fullName: shop.name ?? shop.shopifyDomain };
  },
  async getPermissions() {
    return undefined;
  },
};
