// Serves the built admin: its assets, and index.html for every client-side route under / and /embed.
import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';
import type { Config } from '../config';
import type { AppState } from './types';

const SERVER_PREFIXES = ['/api/', '/webhooks', '/storefront/', '/apps/'];

export interface AppBridge {
  apiKey: string;
  scriptUrl: string;
}

/** Shopify's App Bridge script, or the store emulator's stand-in for it. */
export function appBridgeFor(config: Config): AppBridge | undefined {
  if (!config.shopify.apiKey) return undefined;
  const scriptUrl = config.shopify.emulatorUrl
    ? `${config.shopify.emulatorUrl}/cdn/shopifycloud/app-bridge.js`
    : 'https://cdn.shopify.com/shopifycloud/app-bridge.js';
  return { apiKey: config.shopify.apiKey, scriptUrl };
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Embedded pages load App Bridge first thing in <head>, as Shopify requires. */
function withAppBridge(html: string, bridge: AppBridge): string {
  const tags = `<meta name="shopify-api-key" content="${escapeAttr(bridge.apiKey)}" />\n    <script src="${escapeAttr(bridge.scriptUrl)}"></script>`;
  return html.replace('<head>', `<head>\n    ${tags}`);
}

export function adminStatic(dist: string, appBridge?: AppBridge): Middleware<AppState> {
  const assets = serve(dist, { index: false, maxage: 365 * 24 * 3600 * 1000, immutable: true });
  const publicFiles = serve(dist, { index: false, maxage: 3600 * 1000 });
  const indexFile = path.join(dist, 'index.html');
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (SERVER_PREFIXES.some((p) => ctx.path.startsWith(p)) || ctx.path === '/api') return next();
    // Hashed assets are immutable; the HTML shell is not. Assets are sent precompressed (.br, .gz) when
    // the browser accepts it, so caches keep one copy per encoding.
    if (ctx.path.startsWith('/assets/')) {
      ctx.vary('Accept-Encoding');
      return (assets as Middleware<AppState>)(ctx, next);
    }
    if (!fs.existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The admin is not built yet: run `npm run build:admin`.';
      return;
    }
    // A file name that is not in the build is a 404, not the app shell.
    if (path.extname(ctx.path)) {
      await (publicFiles as Middleware<AppState>)(ctx, async () => {});
      if (!ctx.body) ctx.throw(404, 'Not found');
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    const embedded = ctx.path === '/embed' || ctx.path.startsWith('/embed/');
    ctx.body = embedded && appBridge ? withAppBridge(fs.readFileSync(indexFile, 'utf8'), appBridge) : fs.createReadStream(indexFile);
  };
}
