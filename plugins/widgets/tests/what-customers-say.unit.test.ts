// "What customers say" in the server-rendered review box (plugins/insights through ReviewInsights):
// its topics are links that work without script (the box's URL with topic=, the selected one back
// to all reviews), its sentences are quoted as given with the reviewer as the merchant shows names,
// it speaks the shopper's language, and it stays under 1 KB gzip. Without it the box is as before:
// no block, none of its CSS.
import zlib from 'node:zlib';
import { renderWidget } from '../api/render';
import { context, INSIGHTS, PRODUCT, review, summaryOf } from './sample-data';

const reviews = [review({ rating: 5 }), review({ rating: 2 })];
const box = (extra: Record<string, unknown> = {}, ctx = context()) =>
  renderWidget('review-box', ctx, { product: PRODUCT, summary: summaryOf(reviews), page: { items: reviews, nextCursor: null }, ...extra });
const gzip = (html: string) => zlib.gzipSync(Buffer.from(html)).length;

test('without insights the box has no block and none of its CSS', () => {
  const html = box();
  for (const part of ['pl-say', 'pl-topic', 'pl-quotes', 'What customers say']) expect(html).not.toContain(part);
});

test('topics are links to the box listing their reviews; the selected one links back to all reviews', () => {
  const html = box({ insights: INSIGHTS, topic: 'material' });
  expect(html).toContain('<h3 class="pl-answers-title" id="');
  expect(html).toContain('What customers say</h3>');
  const links = [...html.matchAll(/<a class="(pl-topic[^"]*)" href="([^"]*)" data-pl-topic="([a-z]+)"( aria-current="true")?>(.*?)<\/a>/g)];
  expect(links.map((m) => m[3])).toEqual(['fit', 'material', 'comfort', 'quality', 'durability', 'delivery']);
  const [fit, material] = links;
  expect(fit[2]).toBe('/apps/plaudit/widgets/review-box?product_id=7001&amp;topic=fit&amp;locale=en');
  expect(fit[5]).toBe('Fit <span aria-hidden="true">128</span><span class="pl-sr"> (128 reviews mention it, 81% positive)</span>');
  expect(material[4]).toBe(' aria-current="true"');
  expect(material[2]).toBe('/apps/plaudit/widgets/review-box?product_id=7001&amp;locale=en');
  // mostly complaints: marked so
  expect(links.filter((m) => m[1] === 'pl-topic pl-neg').map((m) => m[3])).toEqual(['durability']);
  // the filter shows: "Show all reviews" is there for the script
  expect(html).toMatch(/<button type="button" class="pl-link pl-clear pl-js">/);
});

test('sentences are quoted as given, in their language, with the reviewer as the merchant shows names', () => {
  const html = box({ insights: INSIGHTS }, context({ general: { reviewerName: 'first' } }));
  for (const s of INSIGHTS.summary) expect(html).toContain(`<q lang="${s.language}" dir="auto">${s.text}</q> <cite>${s.author.split(' ')[0]}</cite>`);
  expect(html).toContain('<p class="pl-say-note">Sentences quoted from reviews</p>');
  const anonymous = box({ insights: INSIGHTS }, context({ general: { reviewerName: 'anonymous' } }));
  expect(anonymous.match(/<cite>Anonymous<\/cite>/g)).toHaveLength(3);
  // what a reviewer wrote is text, never markup
  const hostile = box({ insights: { ...INSIGHTS, summary: [{ ...INSIGHTS.summary[0], text: 'Fits <img src=x onerror=alert(1)> well.' }] } });
  expect(hostile).toContain('Fits &lt;img src=x onerror=alert(1)&gt; well.');
  // no sentences: the topics alone
  const bare = box({ insights: { ...INSIGHTS, summary: [] } });
  expect(bare).not.toContain('class="pl-quotes"');
  expect(bare).toContain('data-pl-topic="fit"');
});

test("in the shopper's language: the block's words, numbers and plural; the links ask for that language", () => {
  const de = box({ insights: { ...INSIGHTS, topics: [{ ...INSIGHTS.topics[0], label: 'Passform', mentions: 1280 }] } }, context({}, {}, 'de'));
  expect(de).toContain('Das sagen Kunden</h3>');
  expect(de).toContain('Passform <span aria-hidden="true">1.280</span><span class="pl-sr"> (1.280 Bewertungen erwähnen es, 81\u00a0% positiv)</span>');
  expect(de).toContain('topic=fit&amp;locale=de');
  const one = box({ insights: { ...INSIGHTS, topics: [{ ...INSIGHTS.topics[0], mentions: 1, positivePercent: 100 }] } });
  expect(one).toContain('(1 review mentions it, 100% positive)');
});

test('the admin preview links nowhere', () => {
  const html = box({ insights: INSIGHTS }, context({}, { preview: true }));
  expect(html).toContain('data-pl-topic="fit"');
  expect(html).not.toContain('topic=fit');
});

test('the block at its largest adds under 1 KB gzip to the page (CSS included)', () => {
  const added = gzip(box({ insights: INSIGHTS })) - gzip(box());
  expect(added).toBeGreaterThan(300);
  expect(added).toBeLessThan(1000);
});

test("a model's summary stands in for the quotes, labelled as generated in the shopper's language, within 1 KB gzip", () => {
  // at the insights guard's length cap (500 characters), German: the longest words of the four
  const text = 'Die Kundschaft lobt die Passform und den weichen, angenehmen Stoff; einige finden, dass das Shirt klein ausfällt. '
    .repeat(5)
    .slice(0, 500)
    .trim();
  const generated = { text, language: 'de', reviews: 1280 };
  const html = box({ insights: { ...INSIGHTS, summary: [], generated } });
  expect(html).toContain(`<p class="pl-ai" lang="de" dir="auto">${text}</p>`);
  expect(html).toContain('<p class="pl-say-note">Summary generated by AI from 1,280 reviews</p>');
  expect(html).not.toContain('<q ');
  const de = box({ insights: { ...INSIGHTS, summary: [], generated: { ...generated, reviews: 1 } } }, context({}, {}, 'de'));
  expect(de).toContain('Von KI erstellte Zusammenfassung aus 1 Bewertung</p>');
  const ja = box({ insights: { ...INSIGHTS, summary: [], generated } }, context({}, {}, 'ja'));
  expect(ja).toContain('1,280件のレビューからAIが作成した要約');
  // what a model wrote is text, never markup
  expect(box({ insights: { ...INSIGHTS, summary: [], generated: { ...generated, text: 'Nice <b>fit</b>' } } })).toContain('Nice &lt;b&gt;fit&lt;/b&gt;');
  const added = gzip(html) - gzip(box());
  expect(added).toBeLessThan(1000);
});
