// A reviewer's country from what the files carry: a two-letter code (Okendo's `countryCode`,
// Plaudit's `country`), a country name, or a free-text place (Judge.me's and Shopify's `location`,
// "Berlin, Germany"). Unknown places are null: a wrong flag is worse than none.
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Codes that name a group or no place at all, though Intl knows them. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB']);

function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();
}

/** Every ISO 3166-1 alpha-2 code Intl knows, and English name -> code (built once). */
const { CODES, BY_NAME } = (() => {
  const codes = new Set<string>();
  const byName = new Map<string, string>();
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = regionNames.of(code);
      if (!name || name === code || name === 'Unknown Region' || NOT_COUNTRIES.has(code)) continue;
      // old codes Intl still names (UK, SU, YU…) are aliases of a current one: not ISO codes
      if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
      codes.add(code);
      byName.set(fold(name), code);
    }
  }
  // names people write that are not Intl's English names
  const aliases: Record<string, string> = {
    usa: 'US',
    'united states of america': 'US',
    america: 'US',
    uk: 'GB',
    'great britain': 'GB',
    britain: 'GB',
    england: 'GB',
    scotland: 'GB',
    wales: 'GB',
    'northern ireland': 'GB',
    deutschland: 'DE',
    holland: 'NL',
    'the netherlands': 'NL',
    'south korea': 'KR',
    korea: 'KR',
    russia: 'RU',
    'czech republic': 'CZ',
    'viet nam': 'VN',
    uae: 'AE',
    espana: 'ES',
    italia: 'IT',
    brasil: 'BR',
    mexique: 'MX',
    'hong kong': 'HK',
  };
  for (const [name, code] of Object.entries(aliases)) byName.set(name, code);
  return { CODES: codes, BY_NAME: byName };
})();

/** ISO 3166-1 alpha-2 (upper case) for a code, a country name or a "City, Country" place; else null. */
export function countryCode(text: string): string | null {
  const v = text.trim();
  if (!v) return null;
  // a bare code only when the whole cell is one: "Denver, CO" is Colorado, not Colombia
  if (/^[A-Za-z]{2}$/.test(v)) return CODES.has(v.toUpperCase()) ? v.toUpperCase() : null;
  const whole = BY_NAME.get(fold(v));
  if (whole) return whole;
  // the country is usually the last part of a place, so look from the end
  const parts = v
    .split(/[,;/|]/)
    .map(fold)
    .filter(Boolean)
    .reverse();
  for (const part of parts) {
    const code = BY_NAME.get(part);
    if (code) return code;
  }
  return null;
}
