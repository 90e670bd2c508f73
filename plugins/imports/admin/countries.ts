// The buyers' countries the marketplace filter offers: the countries AliExpress and Amazon
// reviews mostly come from, named in the merchant's language by the browser.
export const COUNTRIES = [
  'US',
  'GB',
  'CA',
  'AU',
  'NZ',
  'IE',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'BE',
  'PT',
  'AT',
  'CH',
  'PL',
  'CZ',
  'SE',
  'NO',
  'DK',
  'FI',
  'BR',
  'MX',
  'CL',
  'CO',
  'AR',
  'PE',
  'JP',
  'KR',
  'IN',
  'SG',
  'MY',
  'PH',
  'TH',
  'IL',
  'TR',
  'SA',
  'AE',
  'UA',
  'ZA',
] as const;

export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
