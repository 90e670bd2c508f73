// Collection through the signed link in a request email: a verified review per line item, photos
// checked by content with metadata removed, expired, forged and reused links refused.
import zlib from 'node:zlib';
import { linkKey, signLink } from '../../../api/signed-links';
import { startPlatformStack } from '../../../tests/support/platform';
import { cleanImage, sniffImage } from '../api/collect/media';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

/** A tiny JPEG-shaped file with an EXIF (APP1) segment carrying GPS text. */
function jpegWithExif(): Buffer {
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0x00, 0x16]), Buffer.from('Exif\0\0GPS 48.85,2.35')]);
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sos = Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x12, 0x34, 0xff, 0xd9]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, app1, sos]);
}

function pngWithText(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('tEXt', Buffer.from('Comment\0secret location')), chunk('IDAT', zlib.deflateSync(Buffer.from([0, 255, 0, 0]))), chunk('IEND', Buffer.alloc(0))]);
}

test('images are typed by their bytes and lose their metadata', () => {
  expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeUndefined();
  expect(sniffImage(Buffer.from('<html><script>alert(1)</script></html>'))).toBeUndefined();
  const jpg = cleanImage(jpegWithExif());
  expect(jpg.type).toBe('jpg');
  expect(jpg.bytes.includes(Buffer.from('GPS'))).toBe(false);
  expect(jpg.bytes.includes(Buffer.from('JFIF'))).toBe(true);
  const png = cleanImage(pngWithText());
  expect(png.type).toBe('png');
  expect(png.bytes.includes(Buffer.from('secret location'))).toBe(false);
  expect(png.bytes.includes(Buffer.from('IDAT'))).toBe(true);
});

async function writeLink(exp = Math.floor(Date.now() / 1000) + 3600) {
  const { domain, shop } = await stack.installShop();
  const { order } = await stack.control('/orders', { shop: domain });
  const details = await stack.api.runtime.services.platform!.adminApi(domain).order(order.admin_graphql_api_id);
  const product = details!.lineItems.nodes[0].product!.id;
  const token = signLink(linkKey(stack.api.config.encryptionKey!), { p: 'write', shop: domain, q: 1, o: order.id, pr: product, exp });
  return { shop, token, product, url: `${stack.appUrl}/r/write/${token}` };
}

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
  const sent = await fetch(url, { method: 'POST', body: form({ rating: '4', title: 'Lovely', content: 'Great mug, keeps coffee warm.', firstName: 'Ann', lastName: 'Lee' }, [['photo.jpg', jpegWithExif()]]) });
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

test('an HTML or SVG file posing as a photo is refused, and nothing is stored', async () => {
  const { shop, url } = await writeLink();
  const res = await fetch(url, { method: 'POST', body: form({ rating: '5', content: 'Nice' }, [['photo.png', Buffer.from('<svg onload="alert(1)"></svg>')]]) });
  expect(res.status).toBe(400);
  expect(await res.text()).toContain('type not supported (.gif, .jpg, .png)');
  expect(await stack.api.knex('reviews').where({ shopId: shop.id })).toEqual([]);
});

test('expired and forged links are refused', async () => {
  const expired = await writeLink(Math.floor(Date.now() / 1000) - 10);
  expect((await fetch(expired.url)).status).toBe(400);
  const forged = expired.url.replace(/\.[^.]+$/, '.AAAA');
  expect((await fetch(forged)).status).toBe(400);
});
