// The page's renderer from facts, without the stack: the facts no settings screen reaches in the
// node test (marketplace star filters, a loyalty app's points, no reviews plugin), escaping, and
// the shape search engines and screen readers read (one h1, a section heading per question).
import path from 'node:path';
import i18next from 'i18next';
import type { ReviewPolicyView } from '@plaudit/contracts/reviews';
import type { DisclosureFacts } from '../api/facts';
import { renderPage } from '../api/page';

const policy: ReviewPolicyView = {
  formEligibility: 'everyone',
  autoPublish: 'all',
  heldPublishedAfterDays: null,
  ratingIgnored: true,
  spamHeld: true,
  verifiedBy: { requestLink: true, signedInPurchase: true, merchant: true, imported: false },
  selfServiceLinkDays: 30,
  importedPublished: {},
  enteredByShop: 0,
};
const none: DisclosureFacts = { policy, verifiedBadge: true, reward: null, loyaltyApp: null, marketplaceFilters: [] };

async function translator(lang: string) {
  const resources = Object.fromEntries(['en', lang].map((l) => [l, { 'review-disclosure': require(path.join(__dirname, '../locales', `${l}.json`)) }]));
  const i18n = i18next.createInstance();
  await i18n.init({ resources, lng: lang, fallbackLng: 'en', interpolation: { escapeValue: false } });
  return i18n.getFixedT(lang);
}

const render = async (facts: DisclosureFacts, lang = 'en', shopName = 'Shop') =>
  renderPage({ lang, t: await translator(lang), shopName, facts, alternates: [] })
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

test('marketplace imports: the star ratings asked for are named, a run with every rating says so', async () => {
  const words = await render({
    ...none,
    policy: { ...policy, importedPublished: { amazon: 12, aliexpress: 3 } },
    marketplaceFilters: [
      { source: 'amazon', stars: [4, 5], imported: 12 },
      { source: 'aliexpress', stars: [1, 2, 3, 4, 5], imported: 3 },
    ],
  });
  expect(words).toContain('Some reviews shown here (15) were copied from elsewhere: Amazon and AliExpress.');
  expect(words).toContain('From Amazon, only reviews with these star ratings were copied: 4 and 5.');
  expect(words).toContain('From AliExpress, reviews of every star rating were copied.');
  expect(await render({ ...none, marketplaceFilters: [{ source: 'amazon', stars: [5], imported: 2 }] }, 'de')).toContain(
    'Von Amazon wurden nur Bewertungen mit diesen Sternebewertungen übernommen: 5.',
  );
});

test('points from a loyalty app, alone or beside a discount, are disclosed with the marker', async () => {
  const points = await render({ ...none, loyaltyApp: 'Smile.io' });
  expect(points).toContain('A customer whose review is published earns loyalty points from Smile.io.');
  expect(points).toContain('A reward never depends on the rating or on what the review says.');
  expect(points).toContain('“Received a discount for this review”');
  expect(points).not.toContain('discount code');
  // the rewards plugin set to points issues no code: only the app's points are stated
  const chosen = await render({
    ...none,
    loyaltyApp: 'Smile.io',
    reward: {
      method: 'points',
      typeDiscount: 'percentage',
      valueText: 10,
      valuePhoto: 10,
      charactersRequired: 0,
      photoRequired: 1,
      eligibility: 'everyone',
      sentWhen: 'submitted',
      ratingIgnored: true,
      markedIncentivized: true,
    },
  });
  expect(chosen).not.toContain('discount code');
  expect(chosen).toContain('loyalty points from Smile.io');
});

test('without the reviews plugin nothing is claimed about checks or moderation', async () => {
  const words = await render({ ...none, policy: null });
  expect(words).toContain('This shop has not set up its reviews yet.');
  expect(words).not.toContain('verified');
  expect(words).not.toContain('published as soon');
});

test("the shop's name is escaped, and the page has one h1 and a heading per question", async () => {
  const html = renderPage({
    lang: 'en',
    t: await translator('en'),
    shopName: '<script>x</script> & Co',
    facts: none,
    alternates: [{ lang: 'de', href: 'https://a.example/p?locale=de' }],
  });
  expect(html).not.toContain('<script>');
  expect(html).toContain('&lt;script&gt;x&lt;/script&gt; &amp; Co');
  expect(html.match(/<h1>/g)).toHaveLength(1);
  expect(html.match(/<h2 id="(verified|moderation|sources|rewards|your-review)">/g)).toHaveLength(5);
  expect(html).toContain('<meta name="description"');
  expect(html).toContain('<link rel="alternate" hreflang="de" href="https://a.example/p?locale=de">');
});
