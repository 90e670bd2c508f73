// Deterministic review data for the marketplace emulator: the same product id always yields the same
// reviews (a PRNG seeded from the id), and dates are fixed (the newest on 19 Sep 2024) so tests can
// assert exact values. Every well-formed product id has reviews, except the fixtures below.
export type MarketplaceName = 'aliexpress' | 'amazon';

/** Product ids with a known behaviour (documented in README.md). */
export const MARKETPLACE_FIXTURES = {
  aliexpress: { reviewed: '1005006438619019', small: '1005004000000025', noReviews: '1005001000000001', missing: '1005009999999999' },
  amazon: { reviewed: 'B07ZPKN6YR', small: 'B0SMALL025', noReviews: 'B000NOREVS', missing: 'B0MISSING0', botCheck: 'B0CAPTCHA0' },
} as const;

export const DEFAULT_REVIEW_COUNT = 120;
/** The newest review's date; each next review is two days older. */
export const NEWEST_REVIEW_DATE = Date.UTC(2024, 8, 19);
const DAY = 86_400_000;

export interface SeedReview {
  /** position from 0, newest first */
  index: number;
  /** AliExpress evaluationId (17 digits, above 2^53) or Amazon review id (R + 13) */
  id: string;
  author: string;
  anonymous: boolean;
  /** ISO 3166-1 alpha-2 */
  country: string;
  rating: number;
  title: string;
  /** the text in the reviewer's language, and its English translation */
  text: string;
  english: string;
  date: Date;
  /** image names on the marketplace's CDN (0..6; adapters keep 5) */
  photos: string[];
  verified: boolean;
  /** Amazon Vine: a free product, never a verified purchase */
  vine: boolean;
  variant: string;
  helpful: number;
}

export interface SeedProduct {
  id: string;
  title: string;
  reviews: SeedReview[];
}

function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: small, fast and the same on every platform. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
const chars = (rnd: () => number, alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');

const NAMES = [
  'Emma Johnson',
  'Liam Smith',
  'Olivia Brown',
  'Noah Garcia',
  'Ava Martinez',
  'Lucas Dubois',
  'Sofia Rossi',
  'Mateo Silva',
  'Zofia Nowak',
  'Hannah Muller',
  'Chloe Martin',
  'Diego Lopez',
  'Mia Wilson',
  'Jack Taylor',
  'Ines Costa',
  'Jan Kowalski',
];
// [country, language] weighted by repetition, as a marketplace's buyers are
const COUNTRIES: readonly (readonly [string, string])[] = [
  ['US', 'en'],
  ['US', 'en'],
  ['US', 'en'],
  ['US', 'en'],
  ['FR', 'fr'],
  ['FR', 'fr'],
  ['BR', 'pt'],
  ['BR', 'pt'],
  ['ES', 'es'],
  ['PL', 'pl'],
  ['DE', 'de'],
  ['GB', 'en'],
  ['GB', 'en'],
  ['CA', 'en'],
  ['AU', 'en'],
  ['IN', 'en'],
  ['MX', 'es'],
];
type Tone = 'good' | 'mixed' | 'bad';
// One sentence per tone and language; `en` is also the translation the marketplace shows.
const TEXTS: Record<Tone, Record<string, string>> = {
  good: {
    en: 'Great quality, exactly as described. Fast delivery.',
    fr: 'Très bonne qualité, conforme à la description. Livraison rapide.',
    es: 'Muy buena calidad, tal como se describe. Envío rápido.',
    pt: 'Ótima qualidade, exatamente como descrito. Entrega rápida.',
    pl: 'Świetna jakość, dokładnie jak w opisie. Szybka dostawa.',
    de: 'Tolle Qualität, genau wie beschrieben. Schnelle Lieferung.',
  },
  mixed: {
    en: 'It is okay for the price, but smaller than I expected.',
    fr: 'Correct pour le prix, mais plus petit que prévu.',
    es: 'Está bien por el precio, pero más pequeño de lo que esperaba.',
    pt: 'Razoável pelo preço, mas menor do que eu esperava.',
    pl: 'W porządku za tę cenę, ale mniejsze niż się spodziewałem.',
    de: 'Für den Preis in Ordnung, aber kleiner als erwartet.',
  },
  bad: {
    en: 'Poor quality, it broke after a week.',
    fr: "Mauvaise qualité, cassé au bout d'une semaine.",
    es: 'Mala calidad, se rompió después de una semana.',
    pt: 'Qualidade ruim, quebrou depois de uma semana.',
    pl: 'Słaba jakość, zepsuło się po tygodniu.',
    de: 'Schlechte Qualität, nach einer Woche kaputt.',
  },
};
const EXTRA_EN: Record<Tone, readonly string[]> = {
  good: ['My kids love it.', 'Would buy again.', 'The colour is even nicer in person.', 'Packed very well.', ''],
  mixed: ['Took a month to arrive.', 'Instructions were missing.', ''],
  bad: ['The seller did not answer my messages.', 'Not as pictured.', ''],
};
const TITLES: Record<Tone, readonly string[]> = {
  good: ['Exactly what I needed', 'Great value', 'Love it', 'Works perfectly'],
  mixed: ["It's okay", 'Decent for the price'],
  bad: ['Disappointed', 'Broke quickly'],
};
const VARIANTS = ['Color: Black', 'Color: White', 'Color: Blue', 'Size: M', 'Size: L'];
const PRODUCT_NOUNS = ['Cordless Drill', 'Phone Case', 'Desk Lamp', 'Water Bottle', 'Yoga Mat', 'Wireless Earbuds'];

function reviewCount(m: MarketplaceName, id: string): number | undefined {
  const f = MARKETPLACE_FIXTURES[m] as Record<string, string>;
  if (id === f.missing) return undefined;
  if (id === f.noReviews) return 0;
  if (id === f.small) return 25;
  return DEFAULT_REVIEW_COUNT;
}

function photoName(m: MarketplaceName, rnd: () => number): string {
  return m === 'aliexpress'
    ? `A${chars(rnd, '0123456789abcdef', 32)}${chars(rnd, 'NTWXcfhjlosu', 1)}`
    : chars(rnd, '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 11);
}

function seedReview(m: MarketplaceName, rnd: () => number, index: number): SeedReview {
  const r = rnd();
  const rating = r < 0.6 ? 5 : r < 0.8 ? 4 : r < 0.9 ? 3 : r < 0.95 ? 2 : 1;
  const tone: Tone = rating >= 4 ? 'good' : rating === 3 ? 'mixed' : 'bad';
  const [country, lang] = pick(rnd, COUNTRIES);
  const extra = pick(rnd, EXTRA_EN[tone]);
  const english = [TEXTS[tone].en, extra].filter(Boolean).join(' ');
  const photoCount = rnd() < 0.5 ? 1 + Math.floor(rnd() * 6) : 0;
  const vine = m === 'amazon' && rnd() < 0.1;
  return {
    index,
    id: m === 'aliexpress' ? chars(rnd, '3568', 1) + chars(rnd, '0123456789', 16) : `R${chars(rnd, '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', 13)}`,
    author: pick(rnd, NAMES),
    anonymous: m === 'aliexpress' && rnd() < 0.1,
    country,
    rating,
    title: pick(rnd, TITLES[tone]),
    text: lang === 'en' ? english : TEXTS[tone][lang],
    english: lang === 'en' ? english : TEXTS[tone].en,
    date: new Date(NEWEST_REVIEW_DATE - index * 2 * DAY),
    photos: Array.from({ length: photoCount }, () => photoName(m, rnd)),
    verified: !vine && rnd() < 0.8,
    vine,
    variant: pick(rnd, VARIANTS),
    helpful: Math.floor(rnd() * 40),
  };
}

const cache = new Map<string, SeedProduct | null>();

/** The product and its reviews (newest first), or undefined when the marketplace has no such product. */
export function seedProduct(m: MarketplaceName, id: string): SeedProduct | undefined {
  const key = `${m}:${id}`;
  if (!cache.has(key)) {
    const count = reviewCount(m, id);
    if (count === undefined) cache.set(key, null);
    else {
      const rnd = prng(hash32(key));
      const title = `Plaudit Demo ${pick(rnd, PRODUCT_NOUNS)} ${id.slice(-4)}`;
      cache.set(key, { id, title, reviews: Array.from({ length: count }, (_, i) => seedReview(m, rnd, i)) });
    }
  }
  return cache.get(key) ?? undefined;
}
