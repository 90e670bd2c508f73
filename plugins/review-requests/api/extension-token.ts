// The session token of Plaudit's checkout and customer-account UI extension (issue 32,
// extensions/plaudit-review-channel): a JWT signed with the app secret, sent as `Authorization: Bearer`.
// Verified by @shopify/shopify-api's decodeSessionToken (HS256 with the app secret, exp and nbf with
// its clock tolerance, aud = our client id), as @shopify/shopify-app-js's authenticate.public.checkout
// does. The shop is the `dest` claim (a bare shop domain for these tokens; the embedded admin's
// token carries it as a URL, accepted too); `sub`, when present, is the signed-in customer's gid.
// shopify.dev/docs/api/checkout-ui-extensions/latest/target-apis/platform-apis/session-token-api
import createHttpError from 'http-errors';
import { type AppContext, type Platform, SHOP_DOMAIN } from '@plaudit/kernel';

export interface ExtensionCaller {
  shopDomain: string;
  /** gid://shopify/Customer/<id> when the buyer is signed in */
  customerGid: string | null;
}

const unauthorized = (reason: string) => createHttpError(401, `Invalid session token: ${reason}`, { code: 'INVALID_SESSION_TOKEN' });

export async function extensionCaller(ctx: AppContext, platform: Platform | undefined): Promise<ExtensionCaller> {
  const token = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
  if (!token) throw unauthorized('missing');
  if (!platform) throw createHttpError(503, 'The app is not connected to Shopify');
  let claims: Record<string, unknown>;
  try {
    claims = (await platform.shopify.session.decodeSessionToken(token)) as unknown as Record<string, unknown>;
  } catch (err) {
    throw unauthorized((err as Error).message.replace(/'[^']{20,}'/, 'token'));
  }
  const dest = String(claims.dest ?? '').replace(/^https:\/\//, '');
  if (!SHOP_DOMAIN.test(dest)) throw unauthorized('dest is not a shop domain');
  const sub = typeof claims.sub === 'string' && /^gid:\/\/shopify\/Customer\/\d{1,20}$/.test(claims.sub) ? claims.sub : null;
  return { shopDomain: dest, customerGid: sub };
}
