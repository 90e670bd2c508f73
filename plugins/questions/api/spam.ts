// A first line against spam: questions that trip it are held for the merchant, never published nor
// dropped. Links are what spam is made of; a real shopper's question rarely needs two.
const BLOCKED = ['viagra', 'casino', 'crypto giveaway', 'loan offer', 'escort', 'porn'];
const LINK = /(https?:\/\/|www\.)\S+/gi;

export function looksLikeSpam(text: string): boolean {
  const lower = text.toLowerCase();
  if (BLOCKED.some((w) => lower.includes(w))) return true;
  return (text.match(LINK) ?? []).length >= 2;
}
