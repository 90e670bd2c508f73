// One form of address per language in everything a shopper reads (issue 37 item 11): the German
// review page said "du" in one sentence and "Sie" in the next. The decision (docs/plugins.md,
// "Locales"): German "Sie", Dutch "je", French "vous". Shopper-facing texts are the keys
// locales/customer-keys.json declares (emails, public pages) plus every storefront locale file
// (plugins/*/storefront/locales, extensions/*/locales). A text in the other form fails here.
import fs from 'node:fs';
import path from 'node:path';
import { flatten, readJson, ROOT } from './locale-files';

type Form = { name: string; words: RegExp };
type Rule = { chosen: Form; other: Form };

/** Whole words in any script: JavaScript's \b only knows ASCII letters ("Prädu" is not "du"). */
const words = (list: string, flags = 'gu') => new RegExp(`(?<![\\p{L}\\p{N}_'])(?:${list})(?![\\p{L}\\p{N}_])`, flags);

const GERMAN_DU: Form = { name: 'du', words: words('du|dich|dir|dein(?:e[mnrs]?)?|euch|euer|eure[mnrs]?', 'giu') };
/** Capitalised Sie/Ihnen/Ihr… is the polite form, unless it opens a sentence, where it may be "she/they/their". */
const GERMAN_SIE: Form = { name: 'Sie', words: words('Sie|Ihnen|Ihr|Ihre[mnrs]?') };

export const RULES: Record<string, Rule> = {
  de: { chosen: GERMAN_SIE, other: GERMAN_DU },
  nl: { chosen: { name: 'je', words: words('je|jij|jou|jouw|jullie', 'giu') }, other: { name: 'u', words: words('u|uw', 'giu') } },
  fr: {
    chosen: { name: 'vous', words: words('vous|votre|vos', 'giu') },
    other: { name: 'tu', words: words("tu|toi|te|ton|ta|tes|t(?=')", 'giu') },
  },
};

/** Texts that may use the other form, each with its reason ('<file>|<key>' → why). */
const ALLOWED: Record<string, string> = {};

/** The prose of a text: markup and Liquid become sentence breaks or a neutral word. */
const prose = (text: string) =>
  text
    .replace(/<[^>]*>|\{%.*?%\}/g, '. ')
    .replace(/\{\{.*?\}\}/g, 'X')
    .replace(/"[^"]*"/g, 'X');

const sentenceStart = (before: string) => /(^|[.!?:„“"(–])$/.test(before.trimEnd());

/** Matches of a form that are not at a sentence start (where German capitals are ambiguous). */
function uses(text: string, form: Form): string[] {
  const body = prose(text);
  return [...body.matchAll(form.words)].filter((m) => form !== GERMAN_SIE || !sentenceStart(body.slice(0, m.index))).map((m) => m[0]);
}

export type ShopperText = { file: string; key: string; text: string };

/** Every shopper-facing text of one language, by file and key. */
export function shopperTexts(language: string): ShopperText[] {
  const out: ShopperText[] = [];
  const add = (file: string, keep: (key: string) => boolean) => {
    if (!fs.existsSync(path.join(ROOT, file))) return;
    for (const [key, text] of Object.entries(flatten(readJson(path.join(ROOT, file)))))
      if (typeof text === 'string' && keep(key)) out.push({ file, key, text });
  };
  const declared = readJson(path.join(ROOT, 'locales/customer-keys.json')) as Record<string, unknown>;
  for (const [namespace, paths] of Object.entries(declared)) {
    if (namespace.startsWith('$') || !Array.isArray(paths)) continue;
    const dir = namespace === 'kernel' ? 'locales' : `plugins/${namespace}/locales`;
    add(`${dir}/${language}.json`, (key) => paths.some((p: string) => key === p || key.startsWith(`${p}.`)));
  }
  const subdirs = (parent: string) => (fs.existsSync(path.join(ROOT, parent)) ? fs.readdirSync(path.join(ROOT, parent)).sort() : []);
  for (const id of subdirs('plugins')) add(`plugins/${id}/storefront/locales/${language}.json`, () => true);
  for (const id of subdirs('extensions')) add(`extensions/${id}/locales/${language}.json`, () => true);
  return out;
}

/** The texts of a language in the form it did not choose, as readable lines. */
export function wrongForm(language: string, texts: ShopperText[]): string[] {
  const { other } = RULES[language];
  return texts
    .filter((t) => !(`${t.file}|${t.key}` in ALLOWED))
    .flatMap((t) => {
      const found = uses(t.text, other);
      return found.length ? [`${t.file} ${t.key}: "${found.join('", "')}" (${other.name}) in "${t.text.slice(0, 120)}"`] : [];
    });
}

describe('the address-form check', () => {
  const text = (t: string): ShopperText => ({ file: 'f.json', key: 'k', text: t });
  test('flags German du-forms, in any case, as whole words', () => {
    expect(wrongForm('de', [text('Deine Bewertung'), text('Wie gefällt dir {{product}}?'), text('Bitte melde dich an')])).toHaveLength(3);
    expect(wrongForm('de', [text('Produktdurchschnitt'), text('Ihre Bewertung'), text('Dürfen wir?')])).toEqual([]);
  });
  test('counts Sie/Ihr as polite only inside a sentence, so "Sie kann nicht ..." is no evidence', () => {
    expect(uses('Diese Bewertung wird gelöscht. Sie kann nicht wiederhergestellt werden.', GERMAN_SIE)).toEqual([]);
    expect(uses('<p>Ihre Meinung hilft.</p>', GERMAN_SIE)).toEqual([]);
    expect(uses('{{ name | default: "Hallo" }}, wie gefällt Ihnen Ihre Bestellung?', GERMAN_SIE)).toEqual(['Ihnen', 'Ihre']);
  });
  test('Dutch and French forms', () => {
    expect(wrongForm('nl', [text('Uw beoordeling'), text('Je beoordeling')])).toHaveLength(1);
    expect(wrongForm('fr', [text("Merci pour ton avis, t'es top"), text('Votre avis')])).toHaveLength(1);
  });
});

describe.each(Object.keys(RULES))('shopper-facing %s texts', (language) => {
  const texts = shopperTexts(language);
  test('use one form of address throughout', () => {
    expect(wrongForm(language, texts)).toEqual([]);
  });
  test('actually address the shopper in the chosen form (the check is not vacuous)', () => {
    const chosen = texts.filter((t) => uses(t.text, RULES[language].chosen).length > 0);
    expect(chosen.length).toBeGreaterThan(20);
  });
});
