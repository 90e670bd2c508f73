// Serves the built admin: its assets, and index.html for every client-side route under / and /embed.
import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';
import type { AppState } from './types';

const SERVER_PREFIXES = ['/api/', '/webhooks', '/storefront/', '/apps/'];

export function adminStatic(dist: string): Middleware<AppState> {
  const assets = serve(dist, { index: false, maxage: 365 * 24 * 3600 * 1000, immutable: true });
  const publicFiles = serve(dist, { index: false, maxage: 3600 * 1000 });
  const indexFile = path.join(dist, 'index.html');
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (SERVER_PREFIXES.some((p) => ctx.path.startsWith(p)) || ctx.path === '/api') return next();
    // Hashed assets are immutable; the HTML shell is not.
    if (ctx.path.startsWith('/assets/')) return (assets as Middleware<AppState>)(ctx, next);
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
    ctx.body = fs.createReadStream(indexFile);
  };
}
