// The language a review is written in, detected locally (tinyld: no service, no key) from its title
// and content together. Too short or unclear a text gives null rather than a guess: a review with
// no language offers no translation. tinyld is loaded with the first text: its language profiles
// hold about 8 MB of heap that an idle process need not.

const MIN_LETTERS = 8;

export async function detectLanguage(title: string | null | undefined, content: string): Promise<string | null> {
  const text = [title, content].filter((t) => t && t.trim()).join('. ');
  if ((text.match(/\p{L}/gu) ?? []).length < MIN_LETTERS) return null;
  const { detect } = await import('tinyld');
  const lang = detect(text);
  return lang ? lang.toLowerCase() : null;
}
