// The merchant's widget labels (issue 19, deliverable 2) on a real API and database: the API's
// validation and tenancy, a label reaching the storefront review box in its language (and only
// there) without the widgets' cache serving the old text, resets, and the CSV round trip.
import { client, createShop, startTestApi, type TestApi, withPlugins } from '@plaudit/kernel/testing';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function shop() {
  const s = await createShop(api, { plan: 'pro', primaryLocale: 'en' });
  const domain = s.shop.shopifyDomain as string;
  return { ...s, domain, http: client(api.url, s.token) };
}

/** The review box of a product without reviews, as a storefront in `locale` asks for it. */
async function reviewBox(domain: string, locale: string): Promise<string> {
  const res = await fetch(`${api.url}/storefront/shops/${domain}/widgets/review-box?product_id=4242&locale=${locale}`);
  expect(res.status).toBe(200);
  return res.text();
}

type Row = { key: string; default: string; text: string | null; max: number };
const rowOf = (body: { labels: Row[] }, key: string) => body.labels.find((r) => r.key === key)!;

withPlugins('widgets')('every label of a language with its default and maximum; bad input refused per field; other shops untouched', async () => {
  const a = await shop();
  const b = await shop();
  const got = await a.http.get('/api/translations/labels/de');
  expect(got.status).toBe(200);
  expect(got.body.languages).toEqual(expect.arrayContaining(['en', 'de', 'ja', 'hi', 'vi', 'pt-BR', 'zh-CN']));
  expect(rowOf(got.body, 'box.title')).toEqual({ key: 'box.title', default: 'Kundenbewertungen', text: null, max: 40 });
  expect(rowOf(got.body, 'box.load_failed').max).toBe(160);
  expect((await a.http.get('/api/translations/labels/sv')).status).toBe(404);

  const unknown = await a.http.put('/api/translations/labels/de', { labels: { 'box.nope': 'x' } });
  expect(unknown.status).toBe(400);
  expect(unknown.body.errors).toEqual({ 'labels.box.nope': 'Unknown label' });
  const long = await a.http.put('/api/translations/labels/de', { labels: { 'box.title': 'x'.repeat(41) } });
  expect(long.body.errors).toEqual({ 'labels.box.title': 'Must be at most 40 characters' });
  const placeholder = await a.http.put('/api/translations/labels/de', { labels: { 'common.reviews_other': 'Bewertungen' } });
  expect(placeholder.body.errors).toEqual({ 'labels.common.reviews_other': 'Must keep {{count, number}}' });
  expect((await a.http.put('/api/translations/labels/de', { labels: {}, extra: 1 })).status).toBe(400);

  const saved = await a.http.put('/api/translations/labels/de', {
    labels: { 'box.title': 'Was unsere Kunden sagen', 'common.reviews_other': '{{count, number}} Meinungen' },
  });
  expect(saved.status).toBe(200);
  expect(rowOf(saved.body, 'box.title').text).toBe('Was unsere Kunden sagen');
  expect(rowOf((await b.http.get('/api/translations/labels/de')).body, 'box.title').text).toBeNull();
  expect(rowOf((await a.http.get('/api/translations/labels/fr')).body, 'box.title').text).toBeNull();
});

withPlugins('widgets')('a label reaches the widget in its language only, the cached answer is not served again, and resets restore the default', async () => {
  const s = await shop();
  const before = await reviewBox(s.domain, 'de'); // cached now
  expect(before).toContain('Kundenbewertungen');

  expect(
    (
      await s.http.put('/api/translations/labels/de', {
        labels: { 'box.title': 'Was unsere Kunden sagen', 'box.empty': 'Noch nichts da – schreib du zuerst!' },
      })
    ).status,
  ).toBe(200);
  const german = await reviewBox(s.domain, 'de-CH');
  expect(german).toContain('Was unsere Kunden sagen');
  expect(german).toContain('Noch nichts da – schreib du zuerst!');
  expect(german).not.toContain('Kundenbewertungen');
  expect(german).not.toContain('Schreiben Sie die erste Bewertung');
  const english = await reviewBox(s.domain, 'en');
  expect(english).toContain('Customer reviews');
  expect(english).not.toContain('Was unsere Kunden sagen');

  const one = await s.http.delete(`/api/translations/labels/de/${encodeURIComponent('box.title')}`);
  expect(one.status).toBe(200);
  expect(rowOf(one.body, 'box.title').text).toBeNull();
  expect(rowOf(one.body, 'box.empty').text).toBe('Noch nichts da – schreib du zuerst!');
  expect(await reviewBox(s.domain, 'de')).toContain('Kundenbewertungen');

  expect((await s.http.delete('/api/translations/labels/de')).status).toBe(200);
  const reset = await reviewBox(s.domain, 'de');
  expect(reset).toContain('Schreiben Sie die erste Bewertung');
  expect(reset).not.toContain('Noch nichts da');
});

withPlugins('widgets')('CSV round trip: export, a translator fills the text column, import; bad rows named and nothing stored', async () => {
  const s = await shop();
  await s.http.put('/api/translations/labels/ja', { labels: { 'box.title': 'お客様の声' } });
  const exported = await fetch(`${api.url}/api/translations/labels/ja/export.csv`, { headers: { authorization: `Bearer ${s.token}` } });
  expect(exported.status).toBe(200);
  expect(exported.headers.get('content-disposition')).toContain('plaudit-labels-ja.csv');
  const csv = await exported.text();
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
  expect(lines[0]).toBe('key,default,text');
  expect(lines).toContain('box.title,カスタマーレビュー,お客様の声');

  const edited = lines.map((l) => (l.startsWith('box.load_more,') ? `${l}さらに表示` : l)).join('\n');
  const post = (body: string) =>
    fetch(`${api.url}/api/translations/labels/ja/import`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${s.token}`, 'content-type': 'text/csv' },
    });
  const imported = await post(edited);
  expect(imported.status).toBe(200);
  const rows = ((await imported.json()) as { labels: Row[] }).labels;
  expect(rows.find((r) => r.key === 'box.load_more')!.text).toBe('さらに表示');
  expect(rows.find((r) => r.key === 'box.title')!.text).toBe('お客様の声');

  const bad = await post(['key,default,text', ',x,y', 'box.nope,x,y', `box.title,x,${'長'.repeat(41)}`, 'box.sort_label,x,並べ替え'].join('\n'));
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { rows: unknown[] }).rows).toEqual([
    { line: 2, key: '', field: 'key', message: 'This field is required', problem: { code: 'required' } },
    { line: 3, key: 'box.nope', field: 'key', message: 'Unknown label', problem: { code: 'unknown' } },
    { line: 4, key: 'box.title', field: 'text', message: 'Must be at most 40 characters', problem: { code: 'too_long', max: 40 } },
  ]);
  const after = (await s.http.get('/api/translations/labels/ja')).body as { labels: Row[] };
  expect(rowOf(after, 'box.sort_label').text).toBeNull();
  expect(rowOf(after, 'box.title').text).toBe('お客様の声');
  expect((await s.http.post('/api/translations/labels/ja/import', {})).body.errors).toEqual({ csv: 'This field is required' });
});
