// Customers' numbers as providers take them: E.164, read with the shipping country when the order
// gave a national number. libphonenumber-js (Google's libphonenumber metadata, kept current by its
// maintainer) decides what a valid number is, instead of a hand-written pattern per country.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** The number in E.164 ('+4915123456789'), or undefined when no country's plan allows it. */
export function toE164(phone: string, country: string | null): string | undefined {
  const parsed = parsePhoneNumberFromString(phone.trim(), (country?.toUpperCase() as CountryCode | undefined) ?? undefined);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** The country a number belongs to (its calling code), for the customer's local time when the order named none. */
export function countryOf(e164: string): string | undefined {
  return parsePhoneNumberFromString(e164)?.country;
}
