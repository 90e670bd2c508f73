// Collection through the signed link in a request email: a verified review per line item, photos
// checked by content with metadata removed, expired, forged and reused links refused.
import zlib from 'node:zlib';
import sharp from 'sharp';
import { startPlatformStack } from '@plaudit/kernel/testing';
import { cleanImage, sniffImage } from '../api/collect/media';
import { writeLinkFor } from './helpers';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

/** A real 8x8 JPEG with an EXIF (APP1) segment carrying GPS text right after its start marker. */
async function jpegWithExif(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
  const exif = Buffer.from('Exif\0\0GPS 48.85,2.35');
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), Buffer.from([0, exif.length + 2]), exif]);
  return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
}

/** A real 1x1 PNG with a tEXt chunk (valid CRC) after its header. */
async function pngWithText(): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();
  const data = Buffer.from('Comment\0secret location');
  const body = Buffer.concat([Buffer.from('tEXt', 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  const afterHeader = 8 + 25; // signature, IHDR chunk
  return Buffer.concat([png.subarray(0, afterHeader), len, body, crc, png.subarray(afterHeader)]);
}

test('images are typed by their bytes and re-encoded without their metadata', async () => {
  expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeUndefined();
  expect(sniffImage(Buffer.from('<html><script>alert(1)</script></html>'))).toBeUndefined();
  const withExif = await jpegWithExif();
  expect(withExif.includes(Buffer.from('GPS'))).toBe(true);
  const jpg = await cleanImage(withExif);
  expect(jpg.renditions.map((r) => [r.width, r.height])).toEqual([[8, 8]]);
  expect(jpg.renditions[0].bytes.includes(Buffer.from('GPS'))).toBe(false);
  expect(sniffImage(jpg.renditions[0].bytes)).toBe('jpg');
  const withText = await pngWithText();
  expect(withText.includes(Buffer.from('secret location'))).toBe(true);
  const png = await cleanImage(withText);
  expect(png.renditions[0].bytes.includes(Buffer.from('secret location'))).toBe(false);
  expect(sniffImage(png.renditions[0].bytes)).toBe('jpg');
});

const writeLink = (expiresInDays = 1) => writeLinkFor(stack, { expiresInDays });

function form(fields: Record<string, string>, files: [string, Buffer][] = []) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [name, bytes] of files) fd.append('photos', new Blob([new Uint8Array(bytes)]), name);
  return fd;
}

test('a verified review with a photo, once per line item', async () => {
  const { shop, url, product } = await writeLink();
  const page = await (await fetch(url)).text();
  expect(page).toContain('How do you like');
  const sent = await fetch(url, {
    method: 'POST',
    body: form({ rating: '4', title: 'Lovely', content: 'Great mug, keeps coffee warm.', firstName: 'Ann', lastName: 'Lee' }, [
      ['photo.jpg', await jpegWithExif()],
    ]),
  });
  expect(sent.status).toBe(200);
  expect(await sent.text()).toContain('Thank you!');
  const [review] = await stack.api.knex('reviews').where({ shopId: shop.id });
  expect(review).toMatchObject({ rating: 4, verified: true, source: 'customer', productId: product, status: 'published' });
  expect(review.media).toHaveLength(1);
  const photo = await fetch(stack.appUrl + review.media[0].url);
  expect(photo.headers.get('content-type')).toBe('image/jpeg');
  expect(Buffer.from(await photo.arrayBuffer()).includes(Buffer.from('GPS'))).toBe(false);

  const again = await fetch(url, { method: 'POST', body: form({ rating: '1', content: 'Second try' }) });
  expect(await again.text()).toContain('Thank you!');
  expect(await stack.api.knex('reviews').where({ shopId: shop.id })).toHaveLength(1);
  expect(await (await fetch(url)).text()).toContain('already reviewed');
});

test('a one-click rating link opens the form with those stars chosen; anything else chooses none', async () => {
  const { url } = await writeLink();
  const checked = (html: string) => [...html.matchAll(/name="rating" id="r(\d)" value="\d" checked/g)].map((m) => m[1]);
  expect(checked(await (await fetch(`${url}?rating=4`)).text())).toEqual(['4']);
  expect(checked(await (await fetch(url)).text())).toEqual([]);
  expect(checked(await (await fetch(`${url}?rating=9`)).text())).toEqual([]);
});

test('an HTML or SVG file posing as a photo is refused, and nothing is stored', async () => {
  const { shop, url } = await writeLink();
  const res = await fetch(url, { method: 'POST', body: form({ rating: '5', content: 'Nice' }, [['photo.png', Buffer.from('<svg onload="alert(1)"></svg>')]]) });
  expect(res.status).toBe(400);
  expect(await res.text()).toContain('type not supported (.gif, .jpg, .png)');
  expect(await stack.api.knex('reviews').where({ shopId: shop.id })).toEqual([]);
});

test("an invalid field re-renders the page with the customer's text and the message; content is capped at 5,000 characters", async () => {
  const { shop, url } = await writeLink();
  const content = 'Sturdy & warm <b>mug</b>, "would buy again".';
  const longTitle = await fetch(url, { method: 'POST', body: form({ rating: '4', title: 'T'.repeat(256), content, firstName: 'Ann', lastName: 'Lee' }) });
  expect(longTitle.status).toBe(400);
  expect(longTitle.headers.get('content-type')).toMatch(/^text\/html/);
  const page = await longTitle.text();
  // the customer's text, escaped, in the form again, and the title's message beside its field
  expect(page).toContain('Sturdy &amp; warm &lt;b&gt;mug&lt;/b&gt;, &quot;would buy again&quot;.</textarea>');
  expect(page).toContain(`value="${'T'.repeat(256)}"`);
  expect(page).toContain('id="r4" value="4" checked');
  expect(page).toContain('<div class="err" id="title-error">The value is invalid</div>');

  const tooLong = await fetch(url, { method: 'POST', body: form({ rating: '5', content: 'x'.repeat(5001), firstName: 'Ann' }) });
  expect(tooLong.status).toBe(400);
  expect(await tooLong.text()).toContain('<div class="err" id="content-error">The value is invalid</div>');
  const withNul = await fetch(url, { method: 'POST', body: form({ rating: '5', content: 'fine', title: 'a\u0000b' }) });
  expect(withNul.status).toBe(400);
  expect(await withNul.text()).toContain('id="title-error"');
  expect(await stack.api.knex('reviews').where({ shopId: shop.id })).toEqual([]);

  // corrected, the same link takes exactly 5,000 characters
  const fixed = await fetch(url, { method: 'POST', body: form({ rating: '4', title: 'Sturdy', content: 'y'.repeat(5000), firstName: 'Ann' }) });
  expect(await fixed.text()).toContain('Thank you!');
  const [review] = await stack.api.knex('reviews').where({ shopId: shop.id });
  expect(review).toMatchObject({ title: 'Sturdy', rating: 4, firstName: 'Ann' });
  expect(review.content).toHaveLength(5000);
});

test('expired and forged links are refused', async () => {
  const expired = await writeLink(-1);
  expect((await fetch(expired.url)).status).toBe(400);
  const forged = expired.url.replace(/\.[^.]+$/, '.AAAA');
  expect((await fetch(forged)).status).toBe(400);
});
