// The QR codes API against the store emulator and the run's PostgreSQL: the paged product list with
// spec section 7's parameters, generating a code (decoded from the PNG), the plan gate, the card
// settings' limits, and the public page a code leads to (scans, a guest review with a photo).
import jsQR from 'jsqr';
import sharp from 'sharp';
import { client, productPng, startPlatformStack, updateShop } from '@plaudit/kernel/testing';
import { ReviewWrite } from '@plaudit/contracts/reviews';

jest.setTimeout(90_000);

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let shop: { id: number; domain: string };
let http: ReturnType<typeof client>;

beforeAll(async () => {
  stack = await startPlatformStack();
  const installed = await stack.installShop();
  shop = { id: installed.shop.id, domain: installed.domain };
  http = client(stack.appUrl, installed.appToken);
});
afterAll(() => stack.close());

/** The text a QR code in a PNG data URL holds. */
async function decode(dataUrl: string) {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { info, code: jsQR(new Uint8ClampedArray(data), info.width, info.height) };
}

const list = (query = '') => http.get(`/api/manual-import${query}`);
const mugRow = async () => (await list('?searchText=mug&limitPerPage=20')).body.data.find((r: { handle: string }) => r.handle === 'ceramic-coffee-mug');
const storeShop = () => stack.emulator.store.shop(shop.domain)!;

/** The merchant adds products in Shopify (the emulator's records), one day apart. */
function addProducts(n: number) {
  const template = storeShop().products.find((p) => p.status === 'ACTIVE')!;
  for (let i = 0; i < n; i++) {
    const id = stack.emulator.store.nextId();
    const at = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
    storeShop().products.push({ ...template, id, handle: `added-lamp-${i}`, title: `Added Lamp ${i}`, createdAt: at, updatedAt: at, variants: [] });
  }
}

test('the product list pages by cursor both ways, sorts by last imported, searches and refuses what the spec does not allow', async () => {
  const active = () => storeShop().products.filter((p) => p.status === 'ACTIVE').length;
  addProducts(11 - active());
  // a draft is left out of the list
  storeShop().products.push({ ...storeShop().products[0], id: stack.emulator.store.nextId(), handle: 'draft-lamp', title: 'Draft Lamp', status: 'DRAFT' });
  expect(active()).toBe(11);
  const first = await list();
  expect(first.status).toBe(200);
  expect(first.body.data).toHaveLength(10);
  expect(first.body.pageInfo).toMatchObject({ hasPre: false, hasNext: true });
  expect(Object.keys(first.body.data[0]).sort()).toEqual(
    ['allStarCount', 'handle', 'id', 'image', 'lastImportedAt', 'productId', 'qrCode', 'reviews', 'scans', 'title'].sort(),
  );
  const times = first.body.data.map((r: { lastImportedAt: string }) => r.lastImportedAt);
  expect([...times].sort().reverse()).toEqual(times);

  const second = await list(`?after=${encodeURIComponent(first.body.pageInfo.nextCursor)}&page=2`);
  expect(second.body.data).toHaveLength(1);
  expect(second.body).toMatchObject({ page: 2, pageInfo: { hasPre: true, hasNext: false } });
  const back = await list(`?before=${encodeURIComponent(second.body.pageInfo.previousCursor)}&page=1`);
  expect(back.body.data.map((r: { id: string }) => r.id)).toEqual(first.body.data.map((r: { id: string }) => r.id));

  const oldest = await list('?sort=lastImportedAt_asc&limitPerPage=100');
  expect(oldest.body.data.map((r: { id: string }) => r.id)).toEqual([...first.body.data, ...second.body.data].map((r: { id: string }) => r.id).reverse());

  const mugs = await list('?searchText=mug&limitPerPage=20');
  expect(mugs.body.data.map((r: { handle: string }) => r.handle).sort()).toEqual(['ceramic-coffee-mug', 'insulated-travel-mug']);
  expect((await list('?limitPerPage=100')).body.data.map((r: { handle: string }) => r.handle)).not.toContain('draft-lamp');

  for (const bad of ['?limitPerPage=7', '?sort=title', '?after=x&before=y', `?searchText=${'x'.repeat(256)}`, '?after=not-a-cursor']) {
    const res = await list(bad);
    expect([bad, res.status]).toEqual([bad, 400]);
    expect(Object.keys(res.body.errors).length).toBeGreaterThan(0);
  }
});

test('hasReview keeps the products with reviews, and allStarCount counts them', async () => {
  const mug = await mugRow();
  const importer = stack.api.runtime.services.capabilities.require(ReviewWrite);
  const tenant = stack.api.runtime.services.tenant(shop.id, shop.domain);
  await importer.importReviews(
    tenant,
    [1, 2].map((n) => ({ productId: mug.productId, productTitle: mug.title, rating: 5, content: `Lovely mug ${n}`, firstName: 'Ann' })),
  );
  const reviewed = await list('?hasReview=true&limitPerPage=100');
  expect(reviewed.body.data.map((r: { handle: string; allStarCount: number }) => [r.handle, r.allStarCount])).toEqual([['ceramic-coffee-mug', 2]]);
});

test('generate: a PNG at print resolution whose code leads to the product page, the same code every time', async () => {
  const mug = await mugRow();
  const res = await http.post('/api/qrcodes', mug);
  expect(res.status).toBe(200);
  expect(res.body.url).toMatch(new RegExp(`^${stack.appUrl}/q/[a-z2-9]{8}$`));
  const { info, code } = await decode(res.body.qrCode);
  expect(info.width).toBeGreaterThanOrEqual(1024);
  expect(code?.data).toBe(res.body.url);
  expect(code?.version).toBeLessThanOrEqual(4);
  expect((await http.post('/api/qrcodes', mug)).body.url).toBe(res.body.url);
  expect((await mugRow()).qrCode).toBe(res.body.url);
  // the product's bare number is the same product (issue 37): the same code
  const numeric = await http.post('/api/qrcodes', { ...mug, productId: String(mug.productId).split('/').pop() });
  expect(numeric.status).toBe(200);
  expect(numeric.body.url).toBe(res.body.url);

  const missing = await http.post('/api/qrcodes', { ...mug, productId: 'gid://shopify/Product/1' });
  expect(missing.status).toBe(400);
  expect(missing.body.errors).toEqual({ productId: 'The value is invalid' });
  expect((await http.post('/api/qrcodes', { productId: 'mug' })).status).toBe(400);
});

test('below the second tier generating is refused with the tier to upgrade to', async () => {
  const other = await stack.installShop();
  await updateShop(stack.api, other.shop.id, { plan: 'pro', installedAt: new Date('2025-01-01') });
  const res = await client(stack.appUrl, other.appToken).post('/api/qrcodes', { productId: 'gid://shopify/Product/1' });
  expect(res.status).toBe(403);
  expect(res.body).toMatchObject({ code: 'PLAN_TIER_TOO_LOW', tier: 'second' });
});

test('card settings: the defaults, the 20 and 110 character limits, colours, and the licensed fonts', async () => {
  const read = await http.get('/api/qrcodes-settings');
  expect(read.body.data).toMatchObject({ name: 'colorful', title: 'Scan me to REVIEW', fontFamily: 'Montserrat' });
  expect(read.body.fonts).toEqual([
    'Theme fonts',
    'Inter',
    'Noto Sans',
    'Open Sans',
    'Montserrat',
    'Roboto',
    'Playfair Display',
    'Raleway',
    'Lora',
    'Dosis',
    'Lato',
  ]);

  const refused = async (body: object) => {
    const res = await http.put('/api/qrcodes-settings', body);
    expect(res.status).toBe(400);
    return Object.keys(res.body.errors);
  };
  expect(await refused({ title: 'x'.repeat(21) })).toEqual(['title']);
  expect(await refused({ description: 'x'.repeat(111) })).toEqual(['description']);
  expect(await refused({ background: 'linear-gradient(361deg, #ffffff, #000000)' })).toEqual(['background']);
  expect(await refused({ titleColor: 'red' })).toEqual(['titleColor']);
  expect(await refused({ qrCode: 'linear-gradient(90deg, #ffffff, #000000)' })).toEqual(['qrCode']);
  expect(await refused({ fontFamily: 'VNM Standard' })).toEqual(['fontFamily']);
  expect(await refused({ name: 'fancy' })).toEqual(['name']);

  await updateShop(stack.api, shop.id, { hasVnmFonts: true });
  expect((await http.get('/api/qrcodes-settings')).body.fonts).toContain('Bradford');
  const saved = await http.put('/api/qrcodes-settings', {
    name: 'adorable',
    title: 'x'.repeat(20),
    description: 'y'.repeat(110),
    background: 'linear-gradient(360deg, #ffe3ec, #e3f6f5)',
    fontFamily: 'VNM Standard',
  });
  expect(saved.status).toBe(200);
  expect((await http.get('/api/qrcodes-settings')).body.data).toMatchObject({
    name: 'adorable',
    title: 'x'.repeat(20),
    fontFamily: 'VNM Standard',
    titleColor: '#ffffff',
  });
  await updateShop(stack.api, shop.id, { hasVnmFonts: false });
});

test("the page a code leads to: counted scans, the shopper's language, a guest review with a photo, errors kept in the form", async () => {
  const mug = await mugRow();
  const { url } = (await http.post('/api/qrcodes', mug)).body;
  const page = await fetch(url, { headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' } });
  expect(page.status).toBe(200);
  expect(page.headers.get('set-cookie')).toBeNull();
  const html = await page.text();
  expect(html).toContain('<html lang="de">');
  expect(html).toContain('Ceramic Coffee Mug');
  expect(html).toContain('★ 5.0');
  expect(html).not.toContain('{{');
  await fetch(url);
  expect((await mugRow()).scans).toBe(2);

  // the merchant renames the product in Shopify: the printed code still leads to it
  const product = storeShop().products.find((p) => p.handle === 'ceramic-coffee-mug')!;
  product.title = 'Terracotta Mug';
  expect(await (await fetch(url)).text()).toContain('Terracotta Mug');

  const missing = new FormData();
  missing.set('content', 'Keeps my coffee warm.');
  const invalid = await fetch(url, { method: 'POST', body: missing });
  expect(invalid.status).toBe(400);
  const again = await invalid.text();
  expect(again).toContain('id="rating-error"');
  expect(again).toContain('Keeps my coffee warm.');

  const form = new FormData();
  for (const [k, v] of Object.entries({
    rating: '4',
    title: 'Nice glaze',
    content: 'Keeps my coffee warm.',
    firstName: 'Mia',
    lastName: 'Lee',
    email: 'mia@example.com',
  }))
    form.set(k, v);
  form.append('photos', new Blob([new Uint8Array(productPng('#c0583a'))], { type: 'image/png' }), 'mug.png');
  const sent = await fetch(url, { method: 'POST', body: form });
  expect(sent.status).toBe(201);
  expect(await sent.text()).toContain('Thank you!');

  const reviews = await http.get('/api/reviews?limit=50');
  const written = reviews.body.data.find((r: { title: string }) => r.title === 'Nice glaze');
  expect(written).toMatchObject({ source: 'guest', verified: false, productId: mug.productId, rating: 4 });
  expect(written.media).toHaveLength(1);
  expect(await mugRow()).toMatchObject({ scans: 3, reviews: 1 });

  // a bot fills the hidden field: thanked, nothing kept, nothing counted
  const bot = new FormData();
  for (const [k, v] of Object.entries({ rating: '5', content: 'Buy now', firstName: 'Bot', email: 'bot@example.com', website: 'http://spam.example' }))
    bot.set(k, v);
  expect((await fetch(url, { method: 'POST', body: bot })).status).toBe(201);
  expect((await mugRow()).reviews).toBe(1);

  expect((await fetch(`${stack.appUrl}/q/zzzzzzzz`)).status).toBe(404);
  expect((await fetch(`${stack.appUrl}/q/not-a-code!`)).status).toBe(404);
});
