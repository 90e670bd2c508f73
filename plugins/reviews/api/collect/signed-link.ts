// What the pages behind a signed email link (edit answer, photo) start with: an HTML answer that is
// neither cached nor leaks the token as a referrer, the link checked for its purpose, and the
// still-installed shop it names with that shop's tenant.
import type { AppContext } from '../../../../api/http/types';
import type { ApiServices } from '../../../../api/plugins/types';
import { tenantFor } from '../../../../api/auth/tenant';
import { linkKey, verifyLink, type LinkPayload } from '../../../../api/signed-links';

/** The link of `ctx.params.token`, its shop and tenant; each undefined when the link is forged, expired, names no review or its shop is gone. */
export async function openSignedLink(ctx: AppContext, { config, knex }: Pick<ApiServices, 'config' | 'knex'>, purpose: LinkPayload['p']) {
  ctx.type = 'text/html';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  const link = verifyLink(linkKey(config.encryptionKey!), ctx.params.token, purpose);
  // tenancy: the signed link names the shop
  const shop = link?.r ? await knex('shops').where({ shopifyDomain: link.shop }).whereNull('uninstalledAt').first() : undefined;
  const tenant = shop && tenantFor(shop.id, shop.shopifyDomain);
  return { link, shop, tenant };
}
