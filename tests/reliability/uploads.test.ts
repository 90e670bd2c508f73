// Review photos are re-encoded from their pixels: a pixel bomb is refused before decoding and never
// published; data after a JPEG's end marker, a GIF's XMP block and a PNG's unknown chunk do not
// survive; photos are turned upright and stored at the widths the widgets show.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { client, createShop, startTestApi, type TestApi } from '@plaudit/kernel/testing';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ TRUSTED_PROXY_HOPS: '1' });
});
afterAll(() => api?.close());

const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';
const GPS = 'GPSLatitude 48/1 51/1 24/1 N GPSLongitude 2/1 21/1 3/1 E';

/** A store review with photos, each from its own client address (one review per address budget). */
async function post(domain: string, photos: [string, Buffer][]) {
  const fd = new FormData();
  for (const [k, v] of Object.entries({ kind: 'store', rating: '5', content: 'Nice shop', firstName: 'Ann', email: `p-${crypto.randomUUID()}@example.com` }))
    fd.append(k, v);
  for (const [name, bytes] of photos) fd.append('photos', new Blob([new Uint8Array(bytes)]), name);
  const ip = `198.51.100.${crypto.randomInt(1, 255)}`;
  return fetch(`${api.url}/storefront/reviews?shop=${domain}`, { method: 'POST', headers: { 'x-forwarded-for': ip }, body: fd });
}

/** The review's stored files, largest first (the media item's URL), then its smaller renditions. */
async function storedFiles(shopId: number): Promise<Buffer[]> {
  const [review] = await api.knex('reviews').where({ shopId });
  const item = review.media[0];
  const urls: string[] = [item.url, ...(item.variants ?? []).map((v: { url: string }) => v.url).filter((u: string) => u !== item.url)];
  return urls.map((u) => fs.readFileSync(path.join(api.config.dataDir, 'media', path.basename(u))));
}

const solid = (width: number, height: number, background = '#3a7') => sharp({ create: { width, height, channels: 3, background } });

function pngChunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** GIF data sub-blocks (at most 255 bytes each) ending with the empty block. */
function subBlocks(data: Buffer) {
  const parts: Buffer[] = [];
  for (let i = 0; i < data.length; i += 255) {
    const piece = data.subarray(i, i + 255);
    parts.push(Buffer.from([piece.length]), piece);
  }
  return Buffer.concat([...parts, Buffer.from([0])]);
}

function expectClean(files: Buffer[], ...forbidden: string[]) {
  for (const file of files) {
    expect(file.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff])); // JPEG
    expect(file.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9])); // nothing after the end marker
    for (const text of forbidden) expect(file.includes(Buffer.from(text))).toBe(false);
  }
}

/**
 * A white PNG written by hand (one bit a pixel, its rows deflated once): sharp's encoder took about 30 s of CPU for the
 * 400 megapixels of the bomb below; this, a third of a second.
 */
function whitePng(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth; colour type 0 (grey), deflate, no filter method, no interlace
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0; // the row's filter: none
  const pixels = zlib.deflateSync(Buffer.concat(Array(height).fill(row)), { level: 9 });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))]);
}

test('the hand-written PNG is one sharp reads: its size, and white pixels', async () => {
  const { data, info } = await sharp(whitePng(40, 30)).raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height, data.every((v) => v === 255)]).toEqual([40, 30, true]);
});

test('a 20000x20000 PNG of under 100 KB is refused with a message and nothing is published', async () => {
  const bomb = whitePng(20_000, 20_000);
  expect(bomb.length).toBeLessThan(100 * 1024);
  expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: 'png', width: 20_000, height: 20_000 });
  const { shop } = await createShop(api);
  const res = await post(shop.shopifyDomain, [['bomb.png', bomb]]);
  expect(res.status).toBe(400);
  expect((await res.json()).errors).toEqual({ photos: 'The photo is too large: 50 megapixels at most' });
  expect(await api.knex('reviews').where({ shopId: shop.id })).toEqual([]);
});

test('a JPEG with HTML and an EXIF GPS block after its end marker comes back re-encoded without either', async () => {
  const jpeg = await solid(64, 48).jpeg().toBuffer();
  const exif = Buffer.concat([Buffer.from([0xff, 0xe1, 0x00, GPS.length + 8]), Buffer.from(`Exif\0\0${GPS}`)]);
  const tampered = Buffer.concat([jpeg, Buffer.from(HTML), exif]);
  const { shop } = await createShop(api);
  expect((await post(shop.shopifyDomain, [['photo.jpg', tampered]])).status).toBe(201);
  const files = await storedFiles(shop.id);
  expectClean(files, '<script', 'GPSLatitude', 'Exif');
  const meta = await sharp(files[0]).metadata();
  expect([meta.width, meta.height, meta.exif, meta.xmp]).toEqual([64, 48, undefined, undefined]);
});

test('an animated GIF with an XMP block holding GPS and <script> comes back as a clean JPEG of its first frame', async () => {
  const frame = (colour: string) => solid(40, 30, colour).png().toBuffer();
  const gif = await sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } })
    .gif()
    .toBuffer();
  const xmp = Buffer.from(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><exif:${GPS}/>${HTML}</x:xmpmeta>`);
  const extension = Buffer.concat([Buffer.from([0x21, 0xff, 0x0b]), Buffer.from('XMP DataXMP'), subBlocks(xmp)]);
  const tampered = Buffer.concat([gif.subarray(0, -1), extension, gif.subarray(-1)]);
  expect((await sharp(tampered, { pages: -1 }).metadata()).pages).toBe(2);
  const { shop } = await createShop(api);
  expect((await post(shop.shopifyDomain, [['moving.gif', tampered]])).status).toBe(201);
  const files = await storedFiles(shop.id);
  expectClean(files, '<script', 'GPSLatitude', 'xmpmeta', 'XMP');
  const meta = await sharp(files[0]).metadata();
  expect([meta.format, meta.width, meta.height, meta.pages]).toEqual(['jpeg', 40, 30, undefined]);
  const { dominant } = await sharp(files[0]).stats();
  expect(dominant.r).toBeGreaterThan(200); // the red first frame
});

test('a PNG with an unknown chunk loses it', async () => {
  const png = await solid(32, 32).png().toBuffer();
  const afterHeader = 8 + 25;
  const tampered = Buffer.concat([png.subarray(0, afterHeader), pngChunk('evIl', Buffer.from(HTML + GPS)), png.subarray(afterHeader)]);
  const { shop } = await createShop(api);
  expect((await post(shop.shopifyDomain, [['chunk.png', tampered]])).status).toBe(201);
  expectClean(await storedFiles(shop.id), 'evIl', '<script', 'GPSLatitude');
});

test('a sideways 3000x2000 camera photo is turned upright and stored at the widths the widgets show', async () => {
  const photo = await solid(3000, 2000).withMetadata({ orientation: 6 }).jpeg().toBuffer();
  const { shop } = await createShop(api);
  expect((await post(shop.shopifyDomain, [['camera.jpg', photo]])).status).toBe(201);
  const [review] = await api.knex('reviews').where({ shopId: shop.id });
  const { url, variants } = review.media[0];
  expect(variants.map((v: { width: number }) => v.width)).toEqual([160, 480, 960]);
  expect(variants[2].url).toBe(url);
  const sizes = await Promise.all((await storedFiles(shop.id)).map(async (f) => sharp(f).metadata()));
  expect(sizes.map((m) => [m.width, m.height, m.orientation])).toEqual([
    [960, 1440, undefined],
    [160, 240, undefined],
    [480, 720, undefined],
  ]);
});

test('a merchant-created review takes http(s) media URLs and our own uploads only', async () => {
  const { shop, token } = await createShop(api);
  const admin = client(api.url, token);
  const create = (url: string) => admin.post('/api/reviews', { kind: 'store', rating: 5, content: 'Lovely', media: [{ url, type: 'image' }] });
  for (const url of [
    'javascript:alert(1)',
    'data:image/png;base64,iVBORw0KGgo=',
    'vbscript:msgbox(1)',
    '//evil.example/a.jpg',
    'https://x.example/a b.jpg',
    '/media/../../.data/encryption.key',
  ]) {
    const res = await create(url);
    expect([url, res.status]).toEqual([url, 400]);
    expect(res.body.errors['media.0.url']).toBe('Media URLs must start with http:// or https://');
  }
  expect(await api.knex('reviews').where({ shopId: shop.id })).toEqual([]);
  for (const url of ['https://cdn.example.com/a.jpg', 'http://img.example.org/b.png', '/media/0b9f3c1e-1234-4cde-8f00-123456789abc.jpg'])
    expect((await create(url)).status).toBe(201);
});
