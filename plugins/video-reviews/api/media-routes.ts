// The transcoded videos, their posters and caption tracks: /media/video/<file>. Videos answer byte
// ranges (a browser seeks, and Safari plays nothing without them), with range-parser from the
// pillarjs project, which express uses.
import fs from 'node:fs';
import Router from '@koa/router';
import parseRange from 'range-parser';
import type { ApiServices, AppState } from '@plaudit/kernel';
import { MEDIA_FILE, MEDIA_TYPES, videoFile } from '../shared/files';
import { uploadScript } from './script';
import { SCRIPT_PATH } from '../shared/field';

export function mediaRoutes(services: ApiServices) {
  const router = new Router<AppState>();

  router.get('/media/video/:file', async (ctx) => {
    const match = MEDIA_FILE.exec(ctx.params.file);
    const full = match && videoFile(services.config.dataDir, ctx.params.file);
    if (!match || !full || !fs.existsSync(full)) return void ctx.throw(404, 'Not found');
    const size = fs.statSync(full).size;
    ctx.type = MEDIA_TYPES[match[2]];
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('Accept-Ranges', 'bytes');
    // shown on the shop's storefront, another origin; the caption track is fetched with CORS
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.set('Access-Control-Allow-Origin', '*');
    const ranges = ctx.get('Range') ? parseRange(size, ctx.get('Range'), { combine: true }) : undefined;
    if (ranges === -1) {
      ctx.set('Content-Range', `bytes */${size}`);
      return void (ctx.status = 416);
    }
    if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
      const { start, end } = ranges[0];
      ctx.status = 206;
      ctx.set('Content-Range', `bytes ${start}-${end}/${size}`);
      ctx.length = end - start + 1;
      ctx.body = fs.createReadStream(full, { start, end });
      return;
    }
    ctx.length = size;
    ctx.body = fs.createReadStream(full);
  });

  router.get(SCRIPT_PATH, async (ctx) => {
    const { code, etag } = await uploadScript();
    ctx.set('ETag', etag);
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    if (ctx.get('If-None-Match') === etag) return void (ctx.status = 304);
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.body = code;
  });

  return router;
}
