// A first line against spam and abuse: reviews that trip it are held for moderation, never
// published nor dropped. Ratings play no part (no suppression of negative reviews).
const BLOCKED = ['viagra', 'casino', 'crypto giveaway', 'loan offer', 'fuck', 'shit', 'cunt', 'nigger', 'faggot'];
const LINK = /(https?:\/\/|www\.)\S+/gi;

export function looksLikeSpam(text: string): boolean {
  const lower = text.toLowerCase();
  if (BLOCKED.some((w) => lower.includes(w))) return true;
  return (text.match(LINK) ?? []).length >= 2;
}
