// Spam-like: a link, an e-mail address or a phone number in a review, or promotion words
// ("promo code", "followers") twice, or once with a shouted "!!!".
const LINK = /\bhttps?:\/\/|\bwww\.|\b[\w-]{2,}\.(com|net|org|biz|info|ru|xyz|io|shop|store|ly|co)\b/i;
const EMAIL = /[\w.+-]+@[\w-]+\.[\w.]+/;
const PHONE = /\+?\d[\d\s().-]{7,}\d/;

export function looksLikeSpam(text: string, spamTerms: string[]): boolean {
  if (LINK.test(text) || EMAIL.test(text) || PHONE.test(text)) return true;
  return spamTerms.length >= 2 || (spamTerms.length === 1 && /!{3,}/.test(text));
}
