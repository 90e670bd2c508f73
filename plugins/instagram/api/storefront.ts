// The storefront feed through Shopify's app proxy (signed; nothing answers without credentials):
//   GET /storefront/proxy/instagram/feed?layout=grid|carousel&limit=&product_id=
// Server-rendered HTML, no script: the shop's visible posts (our own pictures, srcset), a grid or a
// scroll-snap carousel. Shoppable: a post tagged with products opens its first product's page; an
// untagged one opens the post on Instagram. A video post plays in place (our copy of its MP4, the
// browser's own controls), its product tag being the link. With product_id (the product page), only the posts
// tagged with that product, and nothing at all when there are none (the theme's space collapses).
import Router from '@koa/router';
import createHttpError from 'http-errors';
import type { Middleware } from 'koa';
import { esc, verifyAppProxy, type ApiServices, type AppRouter, type AppState, type AppProxyContext } from '@plaudit/kernel';
import { accountOf } from '../db/accounts';
import { listPosts } from '../db/posts';
import type { PostView } from '../shared/instagram';

type ProxyState = AppState & { proxy: AppProxyContext };
const MAX = 24;

const STYLE = `.plaudit-ig{--gap:8px;margin:0 auto}.plaudit-ig__head{margin:0 0 8px;font-weight:600}.plaudit-ig__head a{color:inherit}
.plaudit-ig__grid{display:grid;gap:var(--gap);grid-template-columns:repeat(auto-fill,minmax(140px,1fr));list-style:none;margin:0;padding:0}
.plaudit-ig__carousel{display:grid;gap:var(--gap);grid-auto-flow:column;grid-auto-columns:minmax(160px,24%);overflow-x:auto;scroll-snap-type:x mandatory;list-style:none;margin:0;padding:0}
.plaudit-ig__carousel li{scroll-snap-align:start}.plaudit-ig .plaudit-ig__post{display:block;position:relative;aspect-ratio:1/1;overflow:hidden;border-radius:4px}
.plaudit-ig img,.plaudit-ig video{width:100%;height:100%;object-fit:cover;display:block;background:#000}.plaudit-ig__tag{position:absolute;left:6px;bottom:6px;background:rgba(255,255,255,.92);color:#202223;font-size:12px;padding:2px 8px;border-radius:12px;max-width:calc(100% - 12px);overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.plaudit-ig__tag--top{top:6px;bottom:auto}`;

function postItem(appUrl: string, p: PostView): string {
  const picture = p.pictures[0];
  if (!picture) return '';
  const product = p.products[0];
  const srcset = picture.variants.map((v) => `${esc(appUrl + v.url)} ${v.width}w`).join(', ');
  const shown = picture.variants[Math.min(1, picture.variants.length - 1)].url;
  const tag = product ? `<span class="plaudit-ig__tag">${esc(product.title)}</span>` : '';
  if (p.videoUrl) {
    // a video plays in place on the shopper's press (nothing loads before, no autoplay); its product
    // tag is the link, at the top where it leaves the player's controls free
    const video = `<video src="${esc(appUrl + p.videoUrl)}" poster="${esc(appUrl + shown)}" controls preload="none" playsinline aria-label="${esc(p.caption ?? '')}"></video>`;
    const link = product
      ? `<a class="plaudit-ig__tag plaudit-ig__tag--top" href="/products/${esc(encodeURIComponent(product.handle))}" data-product="${esc(product.id)}">${esc(product.title)}</a>`
      : '';
    return `<li><div class="plaudit-ig__post" data-media="${esc(p.mediaId)}">${video}${link}</div></li>`;
  }
  const href = product ? `/products/${encodeURIComponent(product.handle)}` : (p.permalink ?? '#');
  const img = `<img src="${esc(appUrl + shown)}" srcset="${srcset}" sizes="(max-width: 600px) 50vw, 25vw" alt="${esc(p.caption ?? '')}" loading="lazy" width="${picture.width}" height="${picture.height}">`;
  const external = product ? '' : ' target="_blank" rel="noopener noreferrer"';
  return `<li><a class="plaudit-ig__post" href="${esc(href)}"${external} data-media="${esc(p.mediaId)}"${product ? ` data-product="${esc(product.id)}"` : ''}>${img}${tag}</a></li>`;
}

export function renderFeed(appUrl: string, o: { username: string; layout: 'grid' | 'carousel'; posts: PostView[] }): string {
  const items = o.posts.map((p) => postItem(appUrl, p)).join('');
  const profile = `https://www.instagram.com/${encodeURIComponent(o.username)}/`;
  return `<style>${STYLE}</style><section class="plaudit-ig" data-layout="${o.layout}"><p class="plaudit-ig__head"><a href="${esc(profile)}" target="_blank" rel="noopener noreferrer">@${esc(o.username)}</a></p><ul class="plaudit-ig__${o.layout}">${items}</ul></section>`;
}

const productGid = (v: unknown) =>
  typeof v === 'string' && /^\d{1,20}$/.test(v)
    ? `gid://shopify/Product/${v}`
    : typeof v === 'string' && /^gid:\/\/shopify\/Product\/\d{1,20}$/.test(v)
      ? v
      : undefined;

export function storefrontRoutes(services: ApiServices): AppRouter {
  const router = new Router<ProxyState>({ prefix: '/storefront/proxy/instagram' });
  const secret = services.config.shopify.apiSecret;
  // Without Shopify credentials there is no app proxy to verify: nothing answers there.
  router.use(
    secret
      ? (verifyAppProxy(secret) as unknown as Middleware<ProxyState>)
      : () => {
          throw createHttpError(404, 'Not found');
        },
  );
  router.get('/feed', async (ctx) => {
    const shop = await services.shops.byDomain(ctx.state.proxy.shopDomain);
    if (!shop || shop.uninstalled) throw createHttpError(404, 'Shop not found');
    const tenant = services.tenant(shop.id, shop.domain);
    const layout = ctx.query.layout === 'carousel' ? 'carousel' : 'grid';
    const limit = Math.min(MAX, Math.max(1, Number(ctx.query.limit) || 12));
    const productId = ctx.query.product_id === undefined ? undefined : productGid(ctx.query.product_id);
    if (ctx.query.product_id !== undefined && !productId) throw createHttpError(400, 'product_id is invalid');
    const [account, posts] = await Promise.all([accountOf(tenant), listPosts(tenant, { visibleOnly: true, productId })]);
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = account && posts.length ? renderFeed(services.config.appUrl, { username: account.username, layout, posts: posts.slice(0, limit) }) : '';
  });
  return router as unknown as AppRouter;
}
