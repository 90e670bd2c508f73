// Done when (issue 35, deliverable 2), on the real stack (PostgreSQL, Temporal, the worker's durable
// event handlers, the widgets' storefront routes): a product with English and German reviews shows
// "What customers say" in the review box with its topics as links, in English and in German; a
// topic's link lists only the reviews that mention it; every quoted sentence is a sentence of a
// published review, attributed, with complaints in proportion; a new review's topic reaches the box
// at once (the insights channel drops the cached box) and an unpublished one's sentence leaves it;
// another shop sees nothing of it; a product without topics shows no block; a bad topic is a 400.
import { client, createShop, eventually, startTestApi, type TestApi, withPlugins } from '@plaudit/kernel/testing';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const SHIRT = 'gid://shopify/Product/3601';
const PLAIN = 'gid://shopify/Product/3602';

interface Written {
  id: number;
  text: string;
}

/** a shop, its merchant's API and its review box on the direct storefront mount */
async function shop() {
  const { shop: row, token } = await createShop(api, { plan: 'advanced', installedAt: new Date('2025-01-01') });
  const http = client(api.url, token);
  const domain = row.shopifyDomain as string;
  const write = async (productId: string, rating: number, content: string, [firstName, lastName]: [string, string], status = 'published'): Promise<Written> => {
    const res = await http.post('/api/reviews', { productId, rating, content, firstName, lastName, status });
    expect(res.status).toBe(201);
    return { id: res.body.id, text: content };
  };
  const read = (ids: number[]) =>
    eventually(async () => (await Promise.all(ids.map(async (id) => (await http.get(`/api/insights/reviews/${id}`)).status === 200))).every(Boolean), 60_000);
  const box = async (productId: string, query = '') => {
    const res = await fetch(`${api.url}/storefront/shops/${domain}/widgets/review-box?product_id=${productId.split('/').pop()}&scripts=0${query}`);
    return { status: res.status, html: await res.text() };
  };
  return { http, write, read, box };
}

const fromHtml = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** the topic links: [id, label, href] */
const topicLinks = (html: string) =>
  [...html.matchAll(/<a class="pl-topic[^"]*" href="([^"]*)" data-pl-topic="([a-z]+)"[^>]*>([^<]*) <span/g)].map((m) => [m[2], m[3], fromHtml(m[1])]);
/** the quoted sentences: [text, reviewer] */
const quotes = (html: string) =>
  [...html.matchAll(/<q lang="[a-z]{2}" dir="auto">(.*?)<\/q> <cite>(.*?)<\/cite>/g)].map((m) => [fromHtml(m[1]), fromHtml(m[2])]);

withPlugins('widgets', 'reviews')(
  'English and German reviews: topic links and quoted sentences in both languages, a link lists its reviews, nothing invented or leaked',
  async () => {
    const a = await shop();
    const fitPraise = await a.write(SHIRT, 5, 'The fit is perfect. The fabric feels soft.', ['Ann', 'Lee']);
    const fitStitching = await a.write(SHIRT, 5, 'Fits perfectly and the stitching is excellent.', ['Bob', 'Stone']);
    const fitComplaint = await a.write(SHIRT, 2, 'The fit is terrible. It runs small.', ['Cy', 'Park']);
    const passform = await a.write(SHIRT, 5, 'Die Passform ist perfekt. Tolle Qualität!', ['Dana', 'Weber']);
    const stoff = await a.write(SHIRT, 4, 'Der Stoff ist weich und angenehm.', ['Eva', 'Koch']);
    const thin = await a.write(SHIRT, 2, 'The material is thin and scratchy.', ['Finn', 'Berg']);
    const hidden = await a.write(SHIRT, 5, 'The fit is great and the quality is superb.', ['Gus', 'Hidden'], 'unpublished');
    const plain = await a.write(PLAIN, 5, 'Nice.', ['Hal', 'Plain']);
    const published = [fitPraise, fitStitching, fitComplaint, passform, stoff, thin];
    await a.read([...published, hidden, plain].map((r) => r.id));

    // English: the most mentioned topics first (fit 4, material 3, quality 2), each a link to the box listing its reviews
    const en = await a.box(SHIRT);
    expect(en.status).toBe(200);
    expect(en.html).toContain('What customers say</h3>');
    const links = topicLinks(en.html);
    expect(links.map(([id, label]) => [id, label])).toEqual([
      ['fit', 'Fit'],
      ['material', 'Material'],
      ['quality', 'Quality'],
    ]);
    expect(en.html).toContain('(4 reviews mention it, 75% positive)');
    // 7 positive and 2 negative mentions: one complaint in three sentences, each a published review's own, attributed
    expect(quotes(en.html)).toEqual([
      ['Fits perfectly and the stitching is excellent.', 'Bob S.'],
      ['The fabric feels soft.', 'Ann L.'],
      ['The fit is terrible.', 'Cy P.'],
    ]);

    // German: German labels and words, German reviews quoted first
    const de = await a.box(SHIRT, '&locale=de');
    expect(de.html).toContain('Das sagen Kunden</h3>');
    expect(topicLinks(de.html).map(([, label]) => label)).toEqual(['Passform', 'Material', 'Qualität']);
    expect(de.html).toContain('(4 Bewertungen erwähnen es, 75\u00a0% positiv)');
    expect(quotes(de.html)).toEqual([
      ['Die Passform ist perfekt.', 'Dana W.'],
      ['Der Stoff ist weich und angenehm.', 'Eva K.'],
      ['The fit is terrible.', 'Cy P.'],
    ]);
    for (const [text] of [...quotes(en.html), ...quotes(de.html)]) {
      expect(published.some((r) => r.text.includes(text))).toBe(true);
      expect(hidden.text).not.toContain(text);
    }

    // following the "Fit" link (its path on this server): the four reviews that mention fit, the link marked current
    const fitHref = new URL(links[0][2]);
    expect(fitHref.searchParams.get('topic')).toBe('fit');
    const fit = await (await fetch(`${api.url}${fitHref.pathname}${fitHref.search}&scripts=0`)).text();
    for (const r of [fitPraise, fitStitching, fitComplaint, passform]) expect(fit).toContain(r.text);
    for (const r of [stoff, thin, hidden]) expect(fit).not.toContain(r.text);
    expect(fit).toMatch(/data-pl-topic="fit" aria-current="true"/);
    // "load more" with the script asks for the list alone, filtered the same way
    const list = (await a.box(SHIRT, '&topic=material&fragment=list')).html;
    for (const r of [fitPraise, stoff, thin]) expect(list).toContain(r.text);
    expect(list).not.toContain(fitStitching.text);

    // a product whose reviews name no topic shows no block (nor its CSS)
    const none = await a.box(PLAIN);
    expect(none.html).toContain('Nice.');
    expect(none.html).not.toContain('pl-say');
    expect(none.html).not.toContain('pl-topic');

    // another shop, the same product id: nothing of the first shop's topics, sentences or reviews
    const b = await shop();
    const own = await b.write(SHIRT, 5, 'Okay.', ['Ivy', 'Other']);
    await b.read([own.id]);
    const other = await b.box(SHIRT);
    expect(other.html).toContain('Okay.');
    expect(other.html).not.toContain('pl-say');
    const otherFit = await b.box(SHIRT, '&topic=fit');
    for (const r of published) expect(otherFit.html).not.toContain(r.text);

    // bad input: a clear 400
    const bad = await a.box(SHIRT, '&topic=Fit!');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.html).errors).toEqual({ topic: 'The value is invalid' });
  },
);

withPlugins('widgets', 'reviews')("the box follows the readings at once: a new review's topic appears, an unpublished review's sentence leaves", async () => {
  const a = await shop();
  const praise = await a.write(SHIRT, 5, 'The fit is perfect.', ['Ann', 'Lee']);
  const complaint = await a.write(SHIRT, 1, 'The fit is terrible.', ['Cy', 'Park']);
  await a.read([praise.id, complaint.id]);
  const before = await a.box(SHIRT);
  expect(quotes(before.html).map(([text]) => text)).toEqual(['The fit is perfect.', 'The fit is terrible.']);

  // read, the new topic's counts NOTIFY the insights channel: the cached box is dropped well before its minute
  const look = await a.write(SHIRT, 5, 'Lovely colour, I wear it every weekend.', ['Mia', 'Dubois']);
  await a.read([look.id]);
  await eventually(async () => topicLinks((await a.box(SHIRT)).html).some(([id]) => id === 'look'));

  // the merchant unpublishes the complaint: its sentence leaves the box
  expect((await a.http.post('/api/reviews/bulk/unpublish', { ids: [complaint.id] })).status).toBe(200);
  const after = await eventually(async () => {
    const html = (await a.box(SHIRT)).html;
    return !html.includes(complaint.text) && html;
  }, 60_000);
  expect(quotes(after).map(([text]) => text)).not.toContain(complaint.text);
});
