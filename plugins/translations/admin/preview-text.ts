// The preview's words: the merchant's text as typed (unsaved too), else the default, with the
// placeholders filled the language's way (numbers by Intl, plural forms by Intl.PluralRules) as the
// storefront does.
export type Texts = Record<string, string>;

export function previewText(texts: Texts, lang: string) {
  const numbers = new Intl.NumberFormat(lang);
  const plurals = new Intl.PluralRules(lang);
  const fill = (text: string, vars: Record<string, number | string>) =>
    text.replace(/\{\{\s*(\w+)\s*(,\s*number)?\s*\}\}/g, (_, name: string) => {
      const value = vars[name];
      return typeof value === 'number' ? numbers.format(value) : String(value ?? '');
    });
  return (key: string, vars: Record<string, number | string> = {}) => {
    const count = typeof vars.count === 'number' ? vars.count : undefined;
    const text = count === undefined ? texts[key] : (texts[`${key}_${plurals.select(count)}`] ?? texts[`${key}_other`]);
    return fill(text ?? '', vars);
  };
}
