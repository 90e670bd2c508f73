// The tus 1.0.0 resumable upload protocol, core and creation (https://tus.io/protocols/resumable-upload):
//   OPTIONS /r/video/uploads        what the server speaks (Tus-Version, Tus-Extension, Tus-Max-Size)
//   POST    /r/video/uploads        creates an upload: Upload-Length, Upload-Metadata `ticket <base64>`
//   HEAD    /r/video/uploads/<id>   its Upload-Offset: how much arrived before the connection dropped
//   PATCH   /r/video/uploads/<id>   appends at Upload-Offset (application/offset+octet-stream)
// Why not @tus/server: its 2.x is ESM-only on srvx, which our CommonJS API and jest cannot load
// without transforming node_modules; the two requests that carry bytes are small to write. The
// browser side is the tus project's own client (tus-js-client), which this file serves.
import type { Context } from 'koa';

export const TUS_VERSION = '1.0.0';
export const EXPOSED = 'Location, Upload-Offset, Upload-Length, Tus-Resumable, Tus-Version, Tus-Extension, Tus-Max-Size';
const ALLOWED = 'Tus-Resumable, Upload-Length, Upload-Metadata, Upload-Offset, Content-Type, X-Requested-With, X-HTTP-Method-Override';

/** tus headers on every answer; any origin may upload (a ticket authorises creation, ids are unguessable). */
export function tusHeaders(ctx: Context) {
  ctx.set('Tus-Resumable', TUS_VERSION);
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('Access-Control-Expose-Headers', EXPOSED);
  ctx.set('Cache-Control', 'no-store');
}

export function preflight(ctx: Context, maxSize: number) {
  tusHeaders(ctx);
  ctx.set('Tus-Version', TUS_VERSION);
  ctx.set('Tus-Extension', 'creation');
  ctx.set('Tus-Max-Size', String(maxSize));
  ctx.set('Access-Control-Allow-Methods', 'POST, HEAD, PATCH, OPTIONS');
  ctx.set('Access-Control-Allow-Headers', ALLOWED);
  ctx.set('Access-Control-Max-Age', '86400');
  ctx.status = 204;
}

/** `Upload-Metadata: key base64,key2 base64`: the values decoded. */
export function parseMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

/** A non-negative integer header, or undefined. */
export function intHeader(ctx: Context, name: string): number | undefined {
  const v = ctx.get(name);
  return /^\d{1,15}$/.test(v) ? Number(v) : undefined;
}

/** Ends the answer with a plain-text reason (tus-js-client shows the body in its error). */
export function refuse(ctx: Context, status: number, message: string) {
  tusHeaders(ctx);
  ctx.status = status;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = message;
}

/**
 * Refuses a PATCH before its bytes were read. The client is still sending them: answering at once
 * and closing would reach it as a reset connection ("fetch failed: ECONNRESET") instead of the
 * reason. So the bytes are read and dropped first, up to `drainLimit` (a chunk larger than any
 * upload may be is cut off), and the connection closes after the answer.
 */
export async function refuseUnread(ctx: Context, status: number, message: string, drainLimit: number) {
  const declared = Number(ctx.get('Content-Length') || 0);
  if (declared <= drainLimit) await drain(ctx.req, drainLimit);
  ctx.set('Connection', 'close');
  refuse(ctx, status, message);
}

function drain(req: Context['req'], limit: number): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded || req.destroyed) return resolve();
    let seen = 0;
    const done = () => {
      req.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) done();
    };
    req.on('data', onData);
    req.once('end', done);
    req.once('close', done);
    req.once('error', done);
  });
}
