// A stand-in for App Bridge's script (cdn.shopify.com/shopifycloud/app-bridge.js): the embedded
// admin gets `shopify.idToken()` from the emulator, as it would from the Shopify admin around it.
import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import type { EmulatorContext } from './context';
import { sessionTokenClaims, signJwt } from './jwt';

const SCRIPT = (emulatorUrl: string) => `(() => {
  const params = new URLSearchParams(location.search);
  const shop = params.get('shop') || sessionStorage.getItem('emulator.shop');
  if (shop) sessionStorage.setItem('emulator.shop', shop);
  const apiKey = document.querySelector('meta[name="shopify-api-key"]')?.content;
  window.shopify = {
    config: { apiKey, shop },
    async idToken() {
      const res = await fetch(${JSON.stringify(emulatorUrl)} + '/cdn/shopifycloud/session-token?shop=' + encodeURIComponent(shop || ''), { method: 'POST' });
      if (!res.ok) throw new Error('App Bridge (emulated): no session token for ' + shop);
      return (await res.json()).token;
    },
  };
})();
`;

export function appBridgeRouter(em: EmulatorContext) {
  const router = new Router();
  const allowApp = (ctx: { set(k: string, v: string): void }) => ctx.set('Access-Control-Allow-Origin', new URL(em.appUrl).origin);

  router.get('/cdn/shopifycloud/app-bridge.js', (ctx) => {
    ctx.type = 'application/javascript';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = SCRIPT(em.store.baseUrl ?? '');
  });

  // What App Bridge asks the Shopify admin for: the signed-in staff member's session token.
  router.post('/cdn/shopifycloud/session-token', (ctx) => {
    allowApp(ctx);
    const shop = em.store.shop(String(ctx.query.shop ?? ''));
    if (!shop) return void ((ctx.status = 404), (ctx.body = { error: 'unknown shop' }));
    const owner = shop.staff.find((s) => s.accountOwner)!;
    ctx.body = { token: signJwt(sessionTokenClaims(shop.domain, em.apiKey, String(owner.id), randomBytes(16).toString('hex')), em.apiSecret) };
  });

  return router;
}
