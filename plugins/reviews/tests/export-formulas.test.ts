// Formula injection through /api/reviews/export (issue 30, item 7): a review's text that starts like
// a formula, full-width starts included, is a quoted text cell in the CSV; the XML keeps it as typed.
import { parse } from 'csv-parse/sync';
import { FORMULA_STARTS } from '@plaudit/kernel';
import { startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { insertReviews, shopOn } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

test('every formula start, ＝ ＋ － ＠ included, is a quoted text in the CSV export', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const typed = FORMULA_STARTS.map((start, i) => `${start}HYPERLINK("http://127.0.0.1/${i}")`);
  for (const [i, text] of typed.entries()) await insertReviews(api, shop.id, 1, { content: text, firstName: text, title: `review ${i}` });

  const csv = await http.get('/api/reviews/export?format=csv');
  expect(csv.status).toBe(200);
  const rows: Record<string, string>[] = parse(csv.body, { columns: true });
  expect(rows).toHaveLength(typed.length);
  const byTitle = new Map(rows.map((r) => [r.title, r]));
  for (const [i, text] of typed.entries()) {
    expect(byTitle.get(`review ${i}`)).toMatchObject({ content: `'${text}`, firstName: `'${text}` });
  }
  // the XML is data, not a spreadsheet: the text as typed
  const xml = await http.get('/api/reviews/export?format=xml');
  expect(xml.body).toContain('<content>＝HYPERLINK(&#34;http://127.0.0.1/6&#34;)</content>');
});
