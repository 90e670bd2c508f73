// The transcoded videos, their posters and caption tracks: /media/video/<file>, with byte ranges
// (the kernel's serveFile); and the upload script.
import Router from '@koa/router';
import { serveFile, type ApiServices, type AppState } from '@plaudit/kernel';
import { MEDIA_FILE, MEDIA_TYPES, videoFile } from '../shared/files';
import { uploadScript } from './script';
import { SCRIPT_PATH } from '../shared/field';

export function mediaRoutes(services: ApiServices) {
  const router = new Router<AppState>();

  router.get('/media/video/:file', async (ctx) => {
    const match = MEDIA_FILE.exec(ctx.params.file);
    if (!match) return void ctx.throw(404, 'Not found');
    serveFile(ctx, { path: videoFile(services.config.dataDir, ctx.params.file), type: MEDIA_TYPES[match[2]] });
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
