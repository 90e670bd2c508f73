// Video reviews end to end on the real stack: a 10-second video made here with ffmpeg (carrying a
// location tag) is uploaded with the tus protocol in chunks, one of them cut off mid-way and resumed
// from the offset the server reports; the review is sent with it; the workflow transcodes it; the
// review box shows its poster and plays it; the location is gone. A disguised non-video and an
// over-long video are refused with the limit named; a free shop's page has no video field.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eventually, startPlatformStack, updateShop, withPlugins } from '@plaudit/kernel/testing';
import { makeVideo as madeIn, run, writeLinkFor } from './helpers';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-video-'));

const makeVideo = async (name: string, seconds: number, size?: string) => (await madeIn(dir, name, seconds, size)).bytes;
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** The tus endpoint and ticket the review page gives its script. */
function ticketOf(page: string) {
  const endpoint = /data-endpoint="([^"]+)"/.exec(page)?.[1];
  const ticket = /data-ticket="([^"]+)"/.exec(page)?.[1];
  if (!endpoint || !ticket) throw new Error('the page has no video field');
  return { endpoint: stack.appUrl + new URL(endpoint).pathname, ticket };
}

async function createUpload(endpoint: string, ticket: string, length: number) {
  return fetch(endpoint, {
    method: 'POST',
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(length), 'Upload-Metadata': `ticket ${b64(ticket)},filetype ${b64('video/mp4')}` },
  });
}

function patch(url: string, offset: number, bytes: Buffer) {
  return fetch(url, {
    method: 'PATCH',
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
}

async function offsetOf(url: string): Promise<number> {
  const head = await fetch(url, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } });
  expect(head.status).toBe(200);
  return Number(head.headers.get('upload-offset'));
}

/** A PATCH whose connection drops after `sent` of its bytes, once the server has stored some: a phone losing signal. */
async function patchCutOff(url: string, offset: number, bytes: Buffer, sent: number): Promise<void> {
  const req = http.request(url, {
    method: 'PATCH',
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
      'Content-Length': String(bytes.length),
    },
  });
  const closed = new Promise<void>((resolve) => {
    req.on('error', () => resolve());
    req.on('close', () => resolve());
  });
  req.write(bytes.subarray(0, sent));
  await eventually(async () => (await offsetOf(url)) > offset, 20_000, 50);
  req.destroy();
  await closed;
}

/**
 * Sends the bytes up to `end` from where the server says the upload is, as tus-js-client resumes
 * (and our upload script, storefront/upload.ts): while the server has not yet noticed the dropped
 * connection, that PATCH still holds the upload (423) or still adds to it (409), and the client asks
 * again. The answer that took the bytes.
 */
function resume(url: string, bytes: Buffer, end: number) {
  return eventually(async () => {
    const at = await offsetOf(url);
    const res = await patch(url, at, bytes.subarray(at, end));
    return res.status === 423 || res.status === 409 ? undefined : res;
  });
}

/** Uploads a whole file in one PATCH; the final answer. */
async function uploadWhole(endpoint: string, ticket: string, bytes: Buffer) {
  const created = await createUpload(endpoint, ticket, bytes.length);
  expect(created.status).toBe(201);
  return patch(created.headers.get('location')!.replace(/^https?:\/\/[^/]+/, stack.appUrl), 0, bytes);
}

function reviewForm(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(async () => {
  await stack?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

withPlugins('reviews', 'widgets')(
  'done when: a 10-second video sent in resumable chunks plays in the review box, without its location',
  async () => {
    const video = await makeVideo('ten.mp4', 10);
    expect(video.includes(Buffer.from('+48.8566'))).toBe(true);
    const { domain, product, url } = await writeLinkFor(stack);
    const page = await (await fetch(url)).text();
    expect(page).toContain('One video: MP4, MOV or WebM, up to 100 MB and 60 seconds.');
    const { endpoint, ticket } = ticketOf(page);

    // the script the page loads is there, built from tus-js-client
    const script = await fetch(`${stack.appUrl}/r/video/upload.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('Tus-Resumable');

    const created = await createUpload(endpoint, ticket, video.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!.replace(/^https?:\/\/[^/]+/, stack.appUrl);
    const id = location.split('/').pop()!;

    // first chunk: 40% of the file, of which the connection carries 25% before it drops
    const chunk = Math.floor(video.length * 0.4);
    await patchCutOff(location, 0, video.subarray(0, chunk), Math.floor(video.length * 0.25));
    const resumed = await eventually(async () => {
      const at = await offsetOf(location);
      return at > 0 && at;
    });
    expect(resumed).toBeLessThanOrEqual(Math.floor(video.length * 0.25));
    // a chunk sent from a stale offset is refused, not appended twice
    expect((await patch(location, 0, video.subarray(0, 10))).status).toBe(409);
    // the rest in two chunks from where the server says it is
    const middle = Math.floor(video.length * 0.7);
    const second = await resume(location, video, middle);
    expect(second.status).toBe(204);
    expect(Number(second.headers.get('upload-offset'))).toBe(middle);
    const last = await patch(location, middle, video.subarray(middle));
    expect(last.status).toBe(204);
    expect(await offsetOf(location)).toBe(video.length);

    // sent without its text first: the page comes back with the error, the video and its caption kept
    const incomplete = await fetch(url, {
      method: 'POST',
      body: reviewForm({ rating: '5', content: '', firstName: 'Ann', video: id, videoCaption: 'Pouring coffee' }),
    });
    expect(incomplete.status).toBe(400);
    const again = await incomplete.text();
    expect(again).toContain(`<input type="hidden" name="video" value="${id}">`);
    expect(again).toContain('value="Pouring coffee"');
    expect(again).toContain('Video uploaded.');
    expect((await stack.api.knex('video_uploads').where({ id }).first()).status).toBe('accepted');

    const sent = await fetch(url, {
      method: 'POST',
      body: reviewForm({
        rating: '5',
        content: 'Watch it pour: no drips at all.',
        firstName: 'Ann',
        video: id,
        videoCaption: 'Pouring coffee from the <b>mug</b>',
      }),
    });
    expect(sent.status).toBe(200);

    // the workflow transcodes it, the review gets it, the upload's file goes
    await eventually(async () => (await stack.api.knex('video_uploads').where({ id }).first()).status === 'ready', 90_000, 500);
    expect(fs.existsSync(path.join(stack.api.runtime.services.config.dataDir, 'video-uploads', id))).toBe(false);

    // the review box: the poster until the shopper presses play, the captions track, VideoObject
    const box = await eventually(
      async () => {
        const res = await fetch(`${stack.appUrl}/storefront/shops/${domain}/widgets/review-box?product_id=${product.split('/').pop()}&scripts=0`);
        const html = await res.text();
        return html.includes('<video') && html;
      },
      30_000,
      500,
    );
    expect(box).toMatch(/<video[^>]*poster="[^"]+\.jpg"[^>]*preload="none"/);
    expect(box).not.toMatch(/<video[^>]*autoplay/);
    expect(box).toMatch(/<track kind="captions"/);
    expect(box).toContain('"@type":"VideoObject"');
    expect(box).toContain('"duration":"PT10S"');
    // the files the box names, on this test's API
    const named = (tag: string, attr: string) => stack.appUrl + new URL(new RegExp(`<${tag}[^>]*\\s${attr}="([^"]+)"`).exec(box)![1]).pathname;
    const item = { url: named('video', 'src'), poster: named('video', 'poster'), captions: named('track', 'src') };

    // H.264 and AAC, no location left; byte ranges answered
    const mp4 = Buffer.from(await (await fetch(item.url)).arrayBuffer());
    const out = path.join(dir, 'out.mp4');
    fs.writeFileSync(out, mp4);
    const probe = JSON.parse((await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', out])).stdout);
    expect(probe.streams.map((s: { codec_name: string }) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(Number(probe.format.duration)).toBeGreaterThanOrEqual(9.5);
    expect(JSON.stringify(probe.format.tags ?? {})).not.toContain('48.8566');
    expect(mp4.includes(Buffer.from('+48.8566'))).toBe(false);
    const range = await fetch(item.url, { headers: { Range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 0-99/${mp4.length}`);
    expect((await range.arrayBuffer()).byteLength).toBe(100);
    const poster = await fetch(item.poster);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await poster.arrayBuffer())).metadata()).width).toBe(320);
    const track = await (await fetch(item.captions)).text();
    // one cue over the whole video (its length as the transcode measured it), the text escaped
    expect(track).toMatch(/^WEBVTT\n\n00:00:00\.000 --> 00:00:1[01]\.\d{3}\nPouring coffee from the &lt;b&gt;mug&lt;\/b&gt;\n$/);
    // ffmpeg transcodes ten seconds of video: on two busy cores (a CI run beside another jest run) that
    // took longer than the 60 s default; the budget catches a hang, not a slow machine (docs/testing.md)
  },
  240_000,
);

withPlugins('reviews')('a disguised non-video, an over-long video and an oversized one are refused with the limit named', async () => {
  const { url } = await writeLinkFor(stack);
  const { endpoint, ticket } = ticketOf(await (await fetch(url)).text());

  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const disguised = await uploadWhole(endpoint, ticket, png);
  expect(disguised.status).toBe(422);
  expect(await disguised.text()).toBe('The video must be an MP4, MOV or WebM file');

  // an MP4 box around no video stream at all: the bytes pass, ffprobe does not
  const fake = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypisom'), Buffer.alloc(8), Buffer.from('not really a video')]);
  const unreadable = await uploadWhole(endpoint, ticket, fake);
  expect(unreadable.status).toBe(422);
  expect(await unreadable.text()).toBe('The video could not be read');

  const long = await makeVideo('long.mp4', 61, '64x48');
  const tooLong = await uploadWhole(endpoint, ticket, long);
  expect(tooLong.status).toBe(422);
  expect(await tooLong.text()).toBe('The video must not be longer than 60 seconds');

  const tooLarge = await createUpload(endpoint, ticket, 100 * 1024 * 1024 + 1);
  expect(tooLarge.status).toBe(413);
  expect(await tooLarge.text()).toBe('The video must not be larger than 100 MB');

  // a review naming a refused upload is sent back with the reason, and nothing is saved
  const refusedId = (await stack.api.knex('video_uploads').where({ refusal: 'too_long' }).orderBy('createdAt', 'desc').first()).id;
  const sent = await fetch(url, { method: 'POST', body: reviewForm({ rating: '4', content: 'Long clip', video: refusedId }) });
  expect(sent.status).toBe(400);
  expect(await sent.text()).toContain('The video must not be longer than 60 seconds');
});

withPlugins('reviews')('a chunk refused before or while it is read gets its reason, not a reset connection', async () => {
  const { endpoint, ticket } = ticketOf(await (await fetch((await writeLinkFor(stack)).url)).text());
  const created = await createUpload(endpoint, ticket, 1024);
  const url = created.headers.get('location')!.replace(/^https?:\/\/[^/]+/, stack.appUrl);
  const body = crypto.randomBytes(4 * 1024 * 1024);

  // refused before its bytes are read: the offset is wrong
  const misplaced = await patch(url, 512, body);
  expect(misplaced.status).toBe(409);
  expect(await misplaced.text()).toBe('The upload is at byte 0');

  // refused while read: four megabytes for an upload of one kilobyte
  const overflowing = await patch(url, 0, body);
  expect(overflowing.status).toBe(413);
  expect(await overflowing.text()).toBe('The video must not be larger than 100 MB');
});

withPlugins('reviews')("a free shop's review page has no video field and its tickets create nothing", async () => {
  const paid = await writeLinkFor(stack);
  const { endpoint, ticket } = ticketOf(await (await fetch(paid.url)).text());
  const free = await writeLinkFor(stack);
  await updateShop(stack.api, free.shop.id, { plan: 'free', installedAt: new Date('2025-01-01') });
  const page = await (await fetch(free.url)).text();
  expect(page).toContain('How do you like');
  expect(page).not.toContain('data-pl-video');
  // the paid shop downgraded: its page's ticket no longer creates uploads
  await updateShop(stack.api, paid.shop.id, { plan: 'free', installedAt: new Date('2025-01-01') });
  const refused = await createUpload(endpoint, ticket, 1000);
  expect(refused.status).toBe(403);
  // an upload id no one created, and a made-up one
  expect((await fetch(`${endpoint}/${'a'.repeat(32)}`, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } })).status).toBe(404);
  expect((await fetch(`${endpoint}/..%2F..%2Fetc`, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } })).status).toBe(404);
});

withPlugins('reviews', 'widgets')(
  "the storefront's review form: its field, a ticket by URL in the shopper's language, the review sent with its video",
  async () => {
    const { domain, product } = await writeLinkFor(stack);
    const numeric = product.split('/').pop();
    const form = await (await fetch(`${stack.appUrl}/storefront/shops/${domain}/widgets/review-box?product_id=${numeric}&scripts=0`)).text();
    expect(form).toMatch(
      /<div class="pl-field" data-pl-video="" data-endpoint="[^"]+\/r\/video\/uploads" data-ticket-url="[^"]+\/r\/video\/ticket\?shop=[^"]+"[^>]* hidden/,
    );

    const asked = await fetch(`${stack.appUrl}/r/video/ticket?shop=${domain}&locale=de`);
    expect(asked.status).toBe(200);
    const { ticket, texts } = await asked.json();
    expect(texts.uploaded).toContain('Video hochgeladen');
    const short = await makeVideo('short.mp4', 2, '160x120');
    const done = await uploadWhole(`${stack.appUrl}/r/video/uploads`, ticket, short);
    expect(done.status).toBe(204);
    const id = (await stack.api.knex('video_uploads').where({ size: short.length, status: 'accepted' }).orderBy('createdAt', 'desc').first()).id;

    const body = reviewForm({
      productId: numeric!,
      rating: '4',
      content: 'Short but sweet.',
      firstName: 'Bo',
      email: 'bo@example.com',
      video: id,
      videoCaption: 'A quick look',
    });
    const sent = await fetch(`${stack.appUrl}/storefront/reviews?shop=${domain}`, { method: 'POST', body, headers: { Accept: 'application/json' } });
    expect(sent.status).toBe(201);
    await eventually(async () => (await stack.api.knex('video_uploads').where({ id }).first()).status === 'ready', 90_000, 500);
    // the same upload cannot go with a second review
    const again = await fetch(`${stack.appUrl}/storefront/reviews?shop=${domain}`, {
      method: 'POST',
      body: reviewForm({ productId: numeric!, rating: '5', content: 'Again', firstName: 'Bo', email: 'bo2@example.com', video: id }),
      headers: { Accept: 'application/json' },
    });
    expect(again.status).toBe(400);
    expect((await again.json()).errors.video).toBe('This video was already sent with a review');

    // a free shop gets no ticket, and its form no field
    const free = await writeLinkFor(stack);
    await updateShop(stack.api, free.shop.id, { plan: 'free', installedAt: new Date('2025-01-01') });
    const refused = await fetch(`${stack.appUrl}/r/video/ticket?shop=${free.domain}`);
    expect(refused.status).toBe(403);
    const freeForm = await (
      await fetch(`${stack.appUrl}/storefront/shops/${free.domain}/widgets/review-box?product_id=${free.product.split('/').pop()}&scripts=0`)
    ).text();
    expect(freeForm).not.toContain('data-pl-video');
  },
);
