// Fixed catalogue for the seeded demo shop: products, customers in many countries and time zones,
// and per-country defaults for buyers the control API creates. Emails use example.com (RFC 2606).

export interface ProductSeed {
  handle: string;
  title: string;
  type: string;
  color: string;
  description: string;
  variants: [title: string, price: string][];
  draft?: boolean;
  /** handmade: its variants have no barcode (no GTIN), as many small shops' products */
  noBarcode?: boolean;
}

export const PRODUCT_SEEDS: ProductSeed[] = [
  {
    handle: 'ceramic-coffee-mug',
    title: 'Ceramic Coffee Mug',
    type: 'Kitchen',
    color: '#c0583a',
    description: 'A 350 ml stoneware mug, glazed by hand.',
    variants: [
      ['Terracotta', '18.00'],
      ['Sage', '18.00'],
    ],
  },
  {
    handle: 'insulated-travel-mug',
    title: 'Insulated Travel Mug',
    type: 'Kitchen',
    color: '#2f6f8f',
    description: 'Keeps coffee hot for six hours; leak-proof lid.',
    variants: [['Default Title', '29.00']],
  },
  {
    handle: 'linen-tote-bag',
    title: 'Linen Tote Bag',
    type: 'Bags',
    color: '#b8a27a',
    description: 'Washed linen tote with an inside pocket.',
    noBarcode: true,
    variants: [['Default Title', '24.00']],
  },
  {
    handle: 'merino-wool-beanie',
    title: 'Merino Wool Beanie',
    type: 'Apparel',
    color: '#4b4e6d',
    description: 'Soft, warm and itch-free.',
    variants: [
      ['Charcoal', '35.00'],
      ['Mustard', '35.00'],
    ],
  },
  {
    handle: 'cedar-scented-candle',
    title: 'Cedar Scented Candle',
    type: 'Home',
    color: '#7a5c3e',
    description: 'Soy wax, 45 hours of burn time.',
    variants: [['Default Title', '22.00']],
  },
  {
    handle: 'leather-notebook',
    title: 'Leather Notebook',
    type: 'Stationery',
    color: '#8b4513',
    description: 'A5 dotted pages in a refillable leather cover.',
    variants: [['Default Title', '32.00']],
  },
  {
    handle: 'bamboo-cutting-board',
    title: 'Bamboo Cutting Board',
    type: 'Kitchen',
    color: '#d2a86e',
    description: 'Large board with a juice groove.',
    variants: [
      ['Medium', '39.00'],
      ['Large', '45.00'],
    ],
  },
  {
    handle: 'cotton-throw-blanket',
    title: 'Cotton Throw Blanket',
    type: 'Home',
    color: '#9c6b98',
    description: 'Woven cotton throw, 130 x 170 cm.',
    variants: [['Default Title', '79.00']],
  },
  {
    handle: 'stoneware-plate-set',
    title: 'Stoneware Plate Set',
    type: 'Kitchen',
    color: '#5f7161',
    description: 'Four dinner plates, dishwasher safe.',
    variants: [['Default Title', '64.00']],
  },
  {
    handle: 'glass-water-bottle',
    title: 'Glass Water Bottle',
    type: 'Outdoors',
    color: '#3fa7a0',
    description: 'Borosilicate glass in a silicone sleeve.',
    variants: [['Default Title', '27.00']],
  },
  {
    handle: 'hiking-wool-socks',
    title: 'Hiking Wool Socks',
    type: 'Apparel',
    color: '#a23e48',
    description: 'Cushioned merino socks for long trails.',
    variants: [
      ['S', '16.00'],
      ['M', '16.00'],
      ['L', '16.00'],
    ],
  },
  {
    handle: 'espresso-cup-set',
    title: 'Espresso Cup Set',
    type: 'Kitchen',
    color: '#333333',
    description: 'Six porcelain cups. Coming soon.',
    variants: [['Default Title', '42.00']],
    draft: true,
  },
];

export interface CountryDefaults {
  city: string;
  province: string | null;
  provinceCode: string | null;
  zip: string;
  timeZone: string;
  locale: string;
}

export const COUNTRY_DEFAULTS: Record<string, CountryDefaults> = {
  US: { city: 'New York', province: 'New York', provinceCode: 'NY', zip: '10001', timeZone: 'America/New_York', locale: 'en' },
  CA: { city: 'Toronto', province: 'Ontario', provinceCode: 'ON', zip: 'M5V 2T6', timeZone: 'America/Toronto', locale: 'en' },
  GB: { city: 'London', province: 'England', provinceCode: 'ENG', zip: 'EC1A 1BB', timeZone: 'Europe/London', locale: 'en' },
  DE: { city: 'Berlin', province: 'Berlin', provinceCode: 'BE', zip: '10115', timeZone: 'Europe/Berlin', locale: 'de' },
  FR: { city: 'Paris', province: null, provinceCode: null, zip: '75001', timeZone: 'Europe/Paris', locale: 'fr' },
  JP: { city: 'Tokyo', province: 'Tokyo', provinceCode: 'JP-13', zip: '100-0001', timeZone: 'Asia/Tokyo', locale: 'ja' },
  AU: { city: 'Sydney', province: 'New South Wales', provinceCode: 'NSW', zip: '2000', timeZone: 'Australia/Sydney', locale: 'en' },
  BR: { city: 'São Paulo', province: 'São Paulo', provinceCode: 'SP', zip: '01001-000', timeZone: 'America/Sao_Paulo', locale: 'pt-BR' },
  VN: { city: 'Ho Chi Minh City', province: null, provinceCode: null, zip: '700000', timeZone: 'Asia/Ho_Chi_Minh', locale: 'vi' },
  ES: { city: 'Madrid', province: 'Madrid', provinceCode: 'M', zip: '28001', timeZone: 'Europe/Madrid', locale: 'es' },
  IT: { city: 'Rome', province: 'Roma', provinceCode: 'RM', zip: '00184', timeZone: 'Europe/Rome', locale: 'it' },
  NL: { city: 'Amsterdam', province: null, provinceCode: null, zip: '1012 JS', timeZone: 'Europe/Amsterdam', locale: 'nl' },
  MX: { city: 'Mexico City', province: 'Ciudad de México', provinceCode: 'DF', zip: '06000', timeZone: 'America/Mexico_City', locale: 'es' },
  IN: { city: 'Mumbai', province: 'Maharashtra', provinceCode: 'MH', zip: '400001', timeZone: 'Asia/Kolkata', locale: 'en' },
  SE: { city: 'Stockholm', province: null, provinceCode: null, zip: '111 20', timeZone: 'Europe/Stockholm', locale: 'sv' },
  NZ: { city: 'Auckland', province: 'Auckland', provinceCode: 'AUK', zip: '1010', timeZone: 'Pacific/Auckland', locale: 'en' },
};

/** Every ISO 3166-1 alpha-2 code: the CountryCode enum and the countries the control API accepts. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
export function countryName(code: string): string {
  return regionNames.of(code) ?? code;
}

export function countryDefaults(code: string): CountryDefaults {
  return COUNTRY_DEFAULTS[code] ?? { city: 'Capital City', province: null, provinceCode: null, zip: '00000', timeZone: 'UTC', locale: 'en' };
}

/** [firstName, lastName, country] — 20 buyers across continents, languages and time zones. */
export const CUSTOMER_SEEDS: [string, string, string][] = [
  ['Olivia', 'Bennett', 'US'],
  ['Marcus', 'Hill', 'US'],
  ['Chloé', 'Tremblay', 'CA'],
  ['Ethan', 'Clarke', 'GB'],
  ['Amelia', 'Hughes', 'GB'],
  ['Lukas', 'Schneider', 'DE'],
  ['Hannah', 'Weber', 'DE'],
  ['Camille', 'Dubois', 'FR'],
  ['Yuki', 'Tanaka', 'JP'],
  ['Haruto', 'Sato', 'JP'],
  ['Isla', 'Mitchell', 'AU'],
  ['Lucas', 'Oliveira', 'BR'],
  ['Mariana', 'Costa', 'BR'],
  ['Minh', 'Nguyen', 'VN'],
  ['Lan', 'Tran', 'VN'],
  ['Lucía', 'García', 'ES'],
  ['Giulia', 'Rossi', 'IT'],
  ['Daan', 'de Vries', 'NL'],
  ['Priya', 'Sharma', 'IN'],
  ['Sofía', 'Hernández', 'MX'],
];
