// The kernel's auth contract: an Authenticator recognises its own credentials and returns the shop
// they stand for. The store-platform adapter adds Shopify session tokens; the kernel ships app tokens.
import type { Context } from 'koa';

export interface AuthContext {
  shopId: number;
  shopDomain: string;
  /** how the caller proved who they are */
  method: 'app-token' | 'session-token' | 'api-key';
  /** the staff member, when the credential names one */
  userId?: string;
}

/**
 * Returns undefined when the request does not carry this kind of credential, so the next
 * authenticator may try; throws an HttpError (401) when it does but the credential is bad.
 */
export type Authenticator = (ctx: Context) => Promise<AuthContext | undefined>;

export function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('authorization');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}
