// Storefront widget weight (issue 7): each widget script as built for the theme app extension and
// the API (raw, gzip, brotli bytes) against Shopify's suggested 10,000 bytes compressed per file,
// the scripts a product page loads in total, and the server-rendered HTML of a typical review box, of
// a customer portal and of upsell ratings for four offers (issue 22), and of the store badge (issue 34).
// Run: npm run bench:widgets
import zlib from 'node:zlib';
import { renderWidget } from '../api/render';
import { BUDGET_BYTES, buildScripts } from '../storefront/build';
import { ALL_ON, ANSWERS, context, INSIGHTS, PRODUCT, QUESTIONS, review, summaryOf } from '../tests/sample-data';

const kb = (n: number) => `${(n / 1000).toFixed(2)} KB`;
const br = (b: Buffer) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

async function main() {
  const scripts = await buildScripts();
  console.log(`Widget scripts against the ${BUDGET_BYTES.toLocaleString('en')}-byte budget (compressed)\n`);
  console.log('| script | raw | gzip | brotli | gzip / budget |');
  console.log('|---|---|---|---|---|');
  for (const s of scripts.values()) {
    console.log(`| ${s.name}.js | ${s.code.length} B | ${s.gzip.length} B | ${s.br.length} B | ${(s.gzip.length / BUDGET_BYTES).toFixed(3)} |`);
  }
  // What a product page with the review box, popup and sidebar loads (the loader only without snapshots).
  const page = ['review-box', 'submit-form', 'popup', 'sidebar', 'loader', 'upsell'] as const;
  const total = page.reduce((n, name) => n + scripts.get(name)!.gzip.length, 0);
  console.log(`\nProduct page, every widget script (${page.join(', ')}): ${total} B gzip, ${(total / BUDGET_BYTES).toFixed(3)} of one file's budget`);
  const largest = Math.max(...[...scripts.values()].map((s) => s.gzip.length));
  console.log(`Largest file: ${largest} B gzip; ratio to the budget ${(largest / BUDGET_BYTES).toFixed(3)} (goal < 1)`);

  // The server-rendered review box of 5 reviews with photos and a reply, as the shopper receives it.
  const reviews = Array.from({ length: 5 }, (_, i) =>
    review({
      rating: 5 - (i % 3),
      content: 'Warm, soft and true to size. I have worn it every day since it arrived and it still looks new. '.repeat(2),
      media: i === 0 ? [{ url: 'https://cdn.example.com/a.jpg', type: 'image' }] : [],
      reply: i === 1 ? { content: 'Thank you!', at: '2026-11-02T00:00:00Z' } : null,
    }),
  );
  const html = Buffer.from(renderWidget('review-box', context(), { product: PRODUCT, summary: summaryOf(reviews), page: { items: reviews, nextCursor: 'x' } }));
  console.log(`\nReview box HTML (5 reviews, CSS and form included): ${kb(html.length)} raw, ${kb(zlib.gzipSync(html).length)} gzip, ${kb(br(html))} brotli`);
  // the same box with a fit scale and the recommend question: their distributions, "% would recommend" and their form fields
  const asked = Buffer.from(
    renderWidget('review-box', context(), {
      product: PRODUCT,
      summary: summaryOf(reviews),
      page: { items: reviews, nextCursor: 'x' },
      answers: ANSWERS,
      questions: QUESTIONS,
    }),
  );
  console.log(
    `Review box HTML with two custom questions (plugins/review-questions): ${kb(asked.length)} raw, ${kb(zlib.gzipSync(asked).length)} gzip (+${zlib.gzipSync(asked).length - zlib.gzipSync(html).length} B), ${kb(br(asked))} brotli`,
  );

  // the same box with "What customers say" at its largest (plugins/insights): six topic links, three quoted sentences
  const said = Buffer.from(
    renderWidget('review-box', context(), { product: PRODUCT, summary: summaryOf(reviews), page: { items: reviews, nextCursor: 'x' }, insights: INSIGHTS }),
  );
  console.log(
    `Review box HTML with "What customers say" (plugins/insights): ${kb(said.length)} raw, ${kb(zlib.gzipSync(said).length)} gzip (+${zlib.gzipSync(said).length - zlib.gzipSync(html).length} B, goal < 1,000), ${kb(br(said))} brotli`,
  );

  // the same box for a grouped product (plugins/product-groups): four of the five reviews are a sibling's, each naming it
  const sibling = reviews.map((r, i) => (i === 0 ? r : { ...r, productId: 'gid://shopify/Product/7002', productTitle: 'Merino Wool Beanie, Forest Green' }));
  const grouped = Buffer.from(
    renderWidget('review-box', context(), {
      product: PRODUCT,
      summary: summaryOf(sibling),
      page: { items: sibling, nextCursor: 'x' },
      group: { sameProduct: false, own: summaryOf(sibling.slice(0, 1)) },
    }),
  );
  console.log(
    `Review box HTML of a grouped product, 4 sibling reviews (plugins/product-groups): ${kb(grouped.length)} raw, ${kb(zlib.gzipSync(grouped).length)} gzip (+${zlib.gzipSync(grouped).length - zlib.gzipSync(html).length} B), ${kb(br(grouped))} brotli`,
  );

  // The account page's portal: 3 products awaiting a review (signed links) and 3 of the customer's reviews.
  const awaiting = [1, 2, 3].map((i) => ({
    productId: `gid://shopify/Product/${i}`,
    title: `Product ${i}`,
    handle: `product-${i}`,
    imageUrl: `https://cdn.example.com/p${i}.png`,
    writeUrl: `https://app.example.com/r/write/${'x'.repeat(180)}`,
  }));
  const portal = Buffer.from(
    renderWidget('customer-portal', context(ALL_ON), { signedIn: true, awaiting, page: { items: reviews.slice(0, 3), nextCursor: null } }),
  );
  console.log(
    `Customer portal HTML (3 awaiting, 3 reviews, CSS included): ${kb(portal.length)} raw, ${kb(zlib.gzipSync(portal).length)} gzip, ${kb(br(portal))} brotli`,
  );
  // Upsell ratings for 4 offer cards, one request.
  const summaries = Object.fromEntries([1, 2, 3, 4].map((i) => [`gid://shopify/Product/${i}`, summaryOf(reviews.slice(0, i))]));
  const upsell = Buffer.from(renderWidget('upsell', context(ALL_ON), { summaries }));
  console.log(`Upsell ratings HTML (4 offers, CSS included): ${kb(upsell.length)} raw, ${kb(zlib.gzipSync(upsell).length)} gzip, ${kb(br(upsell))} brotli`);
  // The store badge (issue 34): the store's own rating, one link, no script.
  const badge = Buffer.from(renderWidget('store-badge', context(ALL_ON), { summary: summaryOf(reviews), pageUrl: '/apps/plaudit/reviews?locale=en' }));
  console.log(`Store badge HTML (CSS included, no script): ${kb(badge.length)} raw, ${kb(zlib.gzipSync(badge).length)} gzip, ${kb(br(badge))} brotli`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
