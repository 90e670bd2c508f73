// A stored file as a plugin serves it to browsers on other origins (a storefront's photos, videos,
// caption tracks): immutable caching (a stored file's name is never reused), cross-origin readable,
// and byte ranges (a browser seeks in a video, and Safari plays nothing without them), parsed by
// range-parser from the pillarjs project, which express uses.
import fs from 'node:fs';
import type { Context } from 'koa';
import parseRange from 'range-parser';

export interface ServedFile {
  /** the file on disk; a missing one answers 404 */
  path: string;
  /** its Content-Type */
  type: string;
}

export function serveFile(ctx: Context, { path, type }: ServedFile): void {
  if (!fs.existsSync(path)) {
    ctx.status = 404;
    ctx.body = 'Not found';
    return;
  }
  const size = fs.statSync(path).size;
  ctx.type = type;
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  ctx.set('Accept-Ranges', 'bytes');
  // shown on the shop's storefront, another origin (helmet's default would make browsers refuse it);
  // caption tracks are fetched with CORS
  ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
  ctx.set('Access-Control-Allow-Origin', '*');
  const ranges = ctx.get('Range') ? parseRange(size, ctx.get('Range'), { combine: true }) : undefined;
  if (ranges === -1) {
    ctx.set('Content-Range', `bytes */${size}`);
    ctx.status = 416;
    return;
  }
  if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
    const { start, end } = ranges[0];
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${start}-${end}/${size}`);
    ctx.length = end - start + 1;
    ctx.body = fs.createReadStream(path, { start, end });
    return;
  }
  ctx.length = size;
  ctx.body = fs.createReadStream(path);
}
