// The emulated store's checkout pages: a one-page checkout from the storefront cart that places the
// order (its webhooks as any order's), the Thank you page it lands on
// (`/checkouts/c/<token>/thank-you`) and the order's Order status page (the REST order's
// `order_status_url`, `/orders/<token>/authenticate`, shown as the signed-in customer's). Both render
// the app's checkout UI extension (extensions/plaudit-review-channel) where a merchant places its block
// target: in an iframe sandbox with the documented `shopify` API and Polaris components
// (checkout-host.ts), its module built from source (checkout-extension.ts), its session token signed
// with the app secret: `dest` the shop's domain, `aud` the client id, 5 minutes, `sub` the customer's
// gid when signed in (shopify.dev/docs/api/checkout-ui-extensions/latest/target-apis/platform-apis/session-token-api).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import { loggedInCustomerId } from './app-proxy';
import { cartLines, readCart, writeCart } from './cart';
import { CheckoutExtension, ORDER_STATUS_TARGET, THANK_YOU_TARGET } from './checkout-extension';
import type { EmulatorContext } from './context';
import { placeOrder } from './events';
import { esc, html, type Raw } from './html';
import { gid } from './ids';
import { signJwt } from './jwt';
import { DEMO_SHOP } from './seed';
import type { OrderRecord, ShopRecord } from './types';

const HANDLE = 'plaudit-review-channel';
const ASSETS = `/checkout-extensions/${HANDLE}`;
const API_VERSION = '2025-10';
const TOKEN_SECONDS = 300;

/** The production app's origin the extension calls (shopify.app.toml `application_url`). */
function productionAppOrigin(): string {
  const toml = fs.readFileSync(path.resolve(__dirname, '../shopify.app.toml'), 'utf8');
  return new URL(/^application_url\s*=\s*"([^"]+)"/m.exec(toml)![1]).origin;
}

const CSS = `body{margin:0;font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif;color:#1f1f1f;background:#fff}
header{border-bottom:1px solid #dedede;padding:18px 24px;font-size:20px;font-weight:600}header a{color:inherit;text-decoration:none}
.page{display:grid;grid-template-columns:minmax(0,1fr) minmax(340px,42%)}main{padding:32px 40px;width:100%;max-width:620px;box-sizing:border-box;justify-self:end}
aside{background:#f5f5f5;border-left:1px solid #dedede;padding:32px 28px;min-height:calc(100vh - 64px)}aside>*{max-width:400px}
h1{font-size:22px;margin:4px 0 16px}.muted{color:#6d7175}.box{border:1px solid #dedede;border-radius:8px;padding:16px;margin:16px 0}
.line{display:flex;justify-content:space-between;gap:12px;padding:8px 0}.total{border-top:1px solid #dedede;font-weight:600;margin-top:8px}
iframe.extension-block{display:block;width:100%;border:0;height:0}label{display:block;margin:12px 0 4px}
input[type=email],input[type=tel],select{width:100%;box-sizing:border-box;padding:11px;border:1px solid #c9ccd1;border-radius:6px;font:inherit}
.check{display:flex;gap:8px;align-items:center}button{font:inherit;background:#1f5199;color:#fff;border:0;border-radius:6px;padding:14px 24px;margin-top:20px;width:100%;cursor:pointer}
.status{display:flex;gap:8px;flex-wrap:wrap}.step{padding:4px 10px;border-radius:12px;background:#eee}.step.on{background:#1f5199;color:#fff}
@media (max-width:760px){.page{grid-template-columns:1fr}main{justify-self:stretch;max-width:none}aside{min-height:0;border-left:0;border-top:1px solid #dedede}main{padding:20px 16px}}`;

export function checkoutRouter(em: EmulatorContext): Router {
  const router = new Router();
  const extension = new CheckoutExtension();
  const money = (shop: ShopRecord, amount: number) => `$${amount.toFixed(2)} ${shop.currencyCode}`;

  const shopOf = (ctx: Context) => em.store.shop((ctx.params.shop as string | undefined) ?? DEMO_SHOP);
  const baseOf = (ctx: Context) => (ctx.params.shop ? `/shops/${ctx.params.shop}` : '');
  const orderOf = (shop: ShopRecord, token: unknown) => shop.orders.find((o) => o.token === token);

  function page(ctx: Context, shop: ShopRecord, title: string, main: Raw, aside: Raw) {
    ctx.type = 'html';
    ctx.body = `<!doctype html><html lang="${esc(shop.primaryLocale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} – ${esc(shop.name)}</title><style>${CSS}</style></head><body>
${html`<header><a href="${baseOf(ctx)}/">${shop.name}</a></header><div class="page"><main>${main}</main><aside>${aside}</aside></div>`.html}
<script>addEventListener('message',(e)=>{for(const f of document.querySelectorAll('iframe.extension-block'))if(f.contentWindow===e.source&&typeof e.data?.checkoutBlockHeight==='number')f.style.height=e.data.checkoutBlockHeight+'px'})</script>
</body></html>`;
  }

  const summary = (shop: ShopRecord, lines: { title: string; quantity: number; price: string }[]) => {
    const total = lines.reduce((s, l) => s + Number(l.price) * l.quantity, 0);
    return html`<h2>Order summary</h2>${lines.map((l) => html`<div class="line"><span>${l.title} × ${l.quantity}</span><span>${money(shop, Number(l.price) * l.quantity)}</span></div>`)}
      <div class="line total"><span>Total</span><span>${money(shop, total)}</span></div>`;
  };

  /** The extension's block where the merchant placed the target (the sandbox iframe sizes itself). */
  const block = (shop: ShopRecord, order: OrderRecord, target: string) =>
    html`<iframe class="extension-block" title="Plaudit review channel" data-target="${target}" src="${ASSETS}/sandbox?${new URLSearchParams({ shop: shop.domain, order: order.token, target }).toString()}"></iframe>`;

  // ---- checkout from the cart ----

  const checkoutForm = (ctx: Context) => {
    const shop = shopOf(ctx);
    if (!shop) return void (ctx.status = 404);
    const lines = cartLines(shop, readCart(ctx, shop)).map((l) => ({ title: l.product.title, quantity: l.quantity, price: l.variant.price }));
    page(
      ctx,
      shop,
      'Checkout',
      html`<h1>Checkout</h1><form method="post" action="${baseOf(ctx)}/checkout">
        <label for="email">Email</label><input id="email" name="email" type="email" required autocomplete="email">
        <label for="phone">Phone (for shipping updates)</label><input id="phone" name="phone" type="tel" placeholder="+14155550123" autocomplete="tel">
        <label class="check"><input type="checkbox" name="smsConsent" value="subscribed"> Text me with news and offers</label>
        <label for="country">Country</label><select id="country" name="country">${['US', 'CA', 'GB', 'DE', 'FR', 'JP'].map((c) => html`<option>${c}</option>`)}</select>
        <button type="submit">Pay now</button></form>`,
      lines.length ? summary(shop, lines) : html`<p class="muted">Your cart is empty: the order gets two of the shop's products.</p>`,
    );
  };

  const checkout = async (ctx: Context) => {
    const shop = shopOf(ctx);
    if (!shop) return void (ctx.status = 404);
    const body = ((ctx.request as unknown as { body?: Record<string, string> }).body ?? {}) as Record<string, string>;
    const phone = /^\+[1-9]\d{6,14}$/.test(body.phone ?? '') ? body.phone : undefined;
    const handles = cartLines(shop, readCart(ctx, shop)).map((l) => l.product.handle);
    const { order } = await placeOrder(em, shop, {
      customerEmail: body.email || undefined,
      country: body.country || undefined,
      productHandles: handles.length ? handles : undefined,
      ...(phone ? { customerPhone: phone, smsConsent: body.smsConsent === 'subscribed' ? 'subscribed' : 'not_subscribed' } : {}),
    });
    writeCart(ctx, shop, {});
    ctx.redirect(`${baseOf(ctx)}/checkouts/c/${order.token}/thank-you`);
  };

  // ---- the Thank you and Order status pages ----

  const thankYou = (ctx: Context) => {
    const shop = shopOf(ctx);
    const order = shop && orderOf(shop, ctx.params.token);
    if (!shop || !order) return void (ctx.status = 404);
    const customer = em.store.customer(shop, order.customerId);
    page(
      ctx,
      shop,
      'Thank you',
      html`<p class="muted">Confirmation #${order.token.slice(0, 9).toUpperCase()}</p><h1>Thank you${customer ? `, ${customer.firstName}` : ''}!</h1>
        <div class="box"><strong>Your order is confirmed</strong><p class="muted">You'll receive a confirmation email with your order number #${order.number} shortly.</p></div>
        <div class="box">${block(shop, order, THANK_YOU_TARGET)}</div>
        <div class="box"><strong>Contact information</strong><p>${order.email ?? ''}</p></div>`,
      summary(shop, order.lineItems),
    );
  };

  const orderStatus = (ctx: Context) => {
    const shop = shopOf(ctx);
    const order = shop && orderOf(shop, ctx.params.token);
    if (!shop || !order) return void (ctx.status = 404);
    const delivered = order.fulfillments.some((f) => f.deliveredAt);
    const shipped = order.fulfillments.length > 0;
    const step = (label: string, on: boolean) => html`<span class="step${on ? ' on' : ''}">${label}</span>`;
    page(
      ctx,
      shop,
      `Order #${order.number}`,
      html`<p class="muted">Confirmation #${order.token.slice(0, 9).toUpperCase()}</p><h1>Order #${order.number}</h1>
        <div class="box status">${step('Confirmed', true)}${step('On its way', shipped)}${step('Delivered', delivered)}</div>
        <div class="box">${block(shop, order, ORDER_STATUS_TARGET)}</div>`,
      summary(shop, order.lineItems),
    );
  };

  // ---- the extension's sandbox, module and session token ----

  router.get(`${ASSETS}/sandbox`, async (ctx) => {
    const shop = em.store.shop(String(ctx.query.shop ?? ''));
    const order = shop && orderOf(shop, ctx.query.order);
    const target = String(ctx.query.target ?? '');
    if (!shop || !order || ![THANK_YOU_TARGET, ORDER_STATUS_TARGET].includes(target)) return void (ctx.status = 404);
    const config = {
      target,
      moduleUrl: `${ASSETS}/${target}.js`,
      tokenUrl: `${ASSETS}/session-token?${new URLSearchParams({ shop: shop.domain, order: order.token, target })}`,
      apiVersion: API_VERSION,
      appOrigin: productionAppOrigin(),
      appUrl: em.appUrl,
      language: shop.primaryLocale,
      strings: extension.strings(shop.primaryLocale),
      settings: {},
      shop: { id: gid('Shop', shop.id), name: shop.name, myshopifyDomain: shop.domain, storefrontUrl: `${em.store.baseUrl ?? ''}/shops/${shop.domain}` },
      ...(target === THANK_YOU_TARGET
        ? {
            orderConfirmation: { order: { id: `gid://shopify/OrderIdentity/${order.id}` }, number: order.token.slice(0, 9).toUpperCase(), isFirstOrder: false },
          }
        : {
            order: {
              id: gid('Order', order.id),
              name: `#${order.number}`,
              confirmationNumber: order.token.slice(0, 9).toUpperCase(),
              processedAt: order.processedAt,
              cancelledAt: order.cancelledAt,
            },
          }),
    };
    ctx.type = 'html';
    ctx.body = `<!doctype html><html lang="${esc(config.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<style>html,body{margin:0;overflow:hidden}</style>
<script type="application/json" id="checkout-host">${JSON.stringify(config).replace(/</g, '\\u003c')}</script>
<script defer src="${ASSETS}/host.js"></script></head><body></body></html>`;
  });

  router.get(`${ASSETS}/host.js`, async (ctx) => {
    ctx.type = 'application/javascript';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await extension.host();
  });

  router.get(`${ASSETS}/:module`, async (ctx) => {
    const code = extension.module(ctx.params.module.replace(/\.js$/, ''));
    if (!code) return void (ctx.status = 404);
    ctx.type = 'application/javascript';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await code;
  });

  // What the sandbox's shopify.sessionToken.get() asks checkout for.
  router.post(`${ASSETS}/session-token`, (ctx) => {
    const shop = em.store.shop(String(ctx.query.shop ?? ''));
    const order = shop && orderOf(shop, ctx.query.order);
    if (!shop || !order) return void ((ctx.status = 404), (ctx.body = { error: 'unknown order' }));
    // the Order status page is the signed-in customer's; on the Thank you page, a buyer signed in to the store
    const signedIn = ctx.query.target === ORDER_STATUS_TARGET ? order.customerId : loggedInCustomerId(ctx, shop) || null;
    const iat = Math.floor(Date.now() / 1000);
    const claims = {
      dest: shop.domain,
      aud: em.apiKey,
      iat,
      nbf: iat,
      exp: iat + TOKEN_SECONDS,
      jti: randomUUID(),
      ...(signedIn ? { sub: gid('Customer', signedIn) } : {}),
    };
    ctx.body = { token: signJwt(claims, em.apiSecret) };
  });

  for (const prefix of ['', '/shops/:shop']) {
    router.get(`${prefix}/checkout`, checkoutForm);
    router.post(`${prefix}/checkout`, checkout);
    router.get(`${prefix}/checkouts/c/:token/thank-you`, thankYou);
    router.get(`${prefix}/orders/:token/authenticate`, orderStatus);
  }
  return router;
}
