// The video uploads (tus.ts says the protocol): created with a ticket the review page signed for
// its shop, appended to in chunks, and checked when the last byte arrives: the container by its
// bytes, then ffprobe for a video stream, its length, frame size, frame rate and decoding budget. A
// refused upload's file is removed at once and its row says why; an accepted one waits for the
// review it is sent with (capabilities.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Router from '@koa/router';
import { type ApiServices, type AppContext, type AppState, RateLimit, type Tenant } from '@plaudit/kernel';
import { acceptUpload, createUpload, refuseUpload, type UploadRow } from '../db/uploads';
import { uploadFile, uploadsDir, UPLOAD_ID } from '../shared/files';
import { overBudget } from '../shared/budget';
import { MAX_VIDEO_BYTES, type Refusal } from '../shared/limits';
import { probeVideo, readHead, sniffVideo } from '../shared/probe';
import { TICKET, type Ticket } from '../shared/ticket';
import { intHeader, parseMetadata, preflight, refuse, refuseUnread, tusHeaders } from './tus';

/** uploads a client address may start in an hour, in one shop (a review has one video) */
const PER_ADDRESS = { points: 20, perSeconds: 3600 };
// One PATCH at a time per upload in this process: a client that resumes before we noticed its
// dropped connection is told to retry (423), which tus clients do.
const busy = new Set<string>();

export function uploadRoutes(services: ApiServices) {
  const { knex, links, shops, config, i18n } = services;
  const router = new Router<AppState>({ prefix: '/r/video/uploads' });
  const byAddress = new RateLimit(knex, 'video-upload-address', PER_ADDRESS);
  // the refusal in the customer's language (the ticket's); English is the locale files' fallback
  const say = (lang: string | null | undefined, refusal: Refusal) => i18n.forLanguage(i18n.language(lang))(`video-reviews:public.refused.${refusal}`);

  router.options('/', (ctx) => preflight(ctx, MAX_VIDEO_BYTES));
  router.options('/:id', (ctx) => preflight(ctx, MAX_VIDEO_BYTES));

  router.post('/', async (ctx) => {
    const meta = parseMetadata(ctx.get('Upload-Metadata'));
    const signed = links.verify<Ticket>(TICKET, meta.ticket ?? '');
    const shop = signed && (await shops.byDomain(signed.shop));
    const lang = signed?.data.lang;
    if (!signed || !shop || shop.uninstalled || !shops.allows(shop, 'videoReviews')) return refuse(ctx, 403, say(lang, 'expired'));
    const length = intHeader(ctx, 'Upload-Length');
    if (length === undefined || length === 0) return refuse(ctx, 400, say(lang, 'unreadable'));
    if (length > MAX_VIDEO_BYTES) return refuse(ctx, 413, say(lang, 'too_large'));
    const wait = await byAddress.hit(`${shop.id}:${ctx.ip}`);
    if (wait) {
      ctx.set('Retry-After', String(wait));
      return refuse(ctx, 429, 'Too many uploads from here: please try again later');
    }
    const id = crypto.randomBytes(16).toString('hex');
    fs.mkdirSync(uploadsDir(config.dataDir), { recursive: true });
    fs.writeFileSync(uploadFile(config.dataDir, id), '');
    await createUpload(services.tenant(shop.id, shop.domain), id, length, lang ?? null);
    tusHeaders(ctx);
    ctx.set('Location', `${config.appUrl}/r/video/uploads/${id}`);
    ctx.set('Upload-Offset', '0');
    ctx.status = 201;
  });

  // a PATCH refused before its bytes are read still reads them (bounded), so the client gets the reason
  const refusePatch = (ctx: AppContext, status: number, message: string) =>
    ctx.method === 'PATCH' ? refuseUnread(ctx, status, message, MAX_VIDEO_BYTES) : refuse(ctx, status, message);

  /** The upload and its shop; answers 404 / 410 itself. */
  async function find(ctx: AppContext): Promise<{ row: UploadRow; tenant: Tenant; offset: number } | undefined> {
    const { id } = ctx.params;
    // tenancy: found by its unguessable id, the tus protocol's only credential after creation
    const row: UploadRow | undefined = UPLOAD_ID.test(id) ? await knex('video_uploads').where({ id }).first() : undefined;
    const shop = row && (await shops.get(row.shopId));
    if (!row || !shop) return void (await refusePatch(ctx, 404, 'Not found'));
    if (row.status === 'refused') return void (await refusePatch(ctx, 410, say(row.lang, row.refusal ?? 'unreadable')));
    const file = uploadFile(config.dataDir, id);
    if (!fs.existsSync(file)) return void (await refusePatch(ctx, 410, say(row.lang, 'expired')));
    return { row, tenant: services.tenant(shop.id, shop.domain), offset: fs.statSync(file).size };
  }

  router.head('/:id', async (ctx) => {
    const found = await find(ctx);
    if (!found) return;
    tusHeaders(ctx);
    ctx.set('Upload-Offset', String(found.offset));
    ctx.set('Upload-Length', String(found.row.size));
    ctx.status = 200;
  });

  router.patch('/:id', async (ctx) => {
    if (!ctx.is('application/offset+octet-stream')) return refusePatch(ctx, 415, 'Send the bytes as application/offset+octet-stream');
    const found = await find(ctx);
    if (!found) return;
    const { row, tenant } = found;
    if (intHeader(ctx, 'Upload-Offset') !== found.offset) return refusePatch(ctx, 409, `The upload is at byte ${found.offset}`);
    if (row.status !== 'uploading') return refusePatch(ctx, 409, 'The upload is complete');
    if (busy.has(row.id)) return refusePatch(ctx, 423, 'The upload is receiving another chunk');
    busy.add(row.id);
    let offset = found.offset;
    try {
      offset = await append(uploadFile(config.dataDir, row.id), ctx, found.offset, row.size);
      if (offset === row.size) {
        const refusal = await check(uploadFile(config.dataDir, row.id), tenant, row.id);
        if (refusal) return refuse(ctx, 422, say(row.lang, refusal));
      }
    } catch (err) {
      if ((err as { status?: number }).status === 413) return refuse(ctx, 413, say(row.lang, 'too_large'));
      // a dropped connection: what arrived is kept, the client asks HEAD and resumes from there
      ctx.state.log.info({ err, upload: row.id }, 'video chunk ended early');
      offset = fs.statSync(uploadFile(config.dataDir, row.id)).size;
    } finally {
      busy.delete(row.id);
    }
    tusHeaders(ctx);
    ctx.set('Upload-Offset', String(offset));
    ctx.status = 204;
  });

  return router;
}

/**
 * Writes the request's body at `offset`; more bytes than the upload's length are refused (413).
 * The excess is read and dropped rather than cut off, up to the largest upload, so the client
 * receives the 413 and its reason instead of a reset connection.
 */
async function append(file: string, ctx: AppContext, offset: number, size: number): Promise<number> {
  let received = 0;
  let excess = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, done) {
      received += chunk.length;
      if (offset + received <= size && !excess) return done(null, chunk);
      excess += chunk.length;
      if (excess > MAX_VIDEO_BYTES) return done(Object.assign(new Error('More bytes than Upload-Length'), { status: 413 }));
      done();
    },
  });
  await pipeline(ctx.req, limit, fs.createWriteStream(file, { flags: 'r+', start: offset }));
  if (excess) {
    ctx.set('Connection', 'close');
    throw Object.assign(new Error('More bytes than Upload-Length'), { status: 413 });
  }
  return fs.statSync(file).size;
}

/** The whole file's checks; a refused file is removed and its row says why. */
async function check(file: string, tenant: Tenant, id: string): Promise<Refusal | undefined> {
  const container = sniffVideo(readHead(file));
  const facts = container ? await probeVideo(file) : undefined;
  // length, frame, frame rate and decoding budget (shared/budget.ts), all before any transcode
  const refusal: Refusal | undefined = !container ? 'type' : !facts ? 'unreadable' : overBudget(facts);
  if (refusal || !facts) {
    fs.rmSync(file, { force: true });
    await refuseUpload(tenant, id, refusal ?? 'unreadable');
    return refusal ?? 'unreadable';
  }
  await acceptUpload(tenant, id, { seconds: facts.seconds, width: facts.width, height: facts.height, hasAudio: facts.hasAudio });
  return undefined;
}
