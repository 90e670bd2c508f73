// The kernel's locale files work in i18next the way admin/src/i18n.ts loads them: English is
// ra-language-english converted plus locales/en.json, every other language its own file, whose `ra`
// section is stored already converted (`_one` / `_other` plural keys chosen by react-admin's smart_count).
import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import englishMessages from 'ra-language-english';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import { LANGUAGES } from '../../admin/src/languages';

const ROOT = path.resolve(__dirname, '../..');
const read = (code: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', `${code}.json`), 'utf8'));
const resources = Object.fromEntries(
  LANGUAGES.map(({ code }) => [code, { translation: code === 'en' ? { ...convertRaTranslationsToI18next(englishMessages), ...read('en') } : read(code) }]),
);

const i18n = i18next.createInstance();
beforeAll(() => i18n.init({ lng: 'en', fallbackLng: 'en', resources, interpolation: { escapeValue: false } }));

/** As react-admin's i18next provider translates: smart_count doubles as i18next's count. */
const translate = (code: string, key: string, options: Record<string, unknown> = {}) =>
  i18n.getFixedT(code)(key, { ...options, count: options.smart_count as number | undefined }) as string;

test.each(LANGUAGES.map((l) => l.code))('%s: plural and interpolated messages render in the language itself', (code) => {
  const many = translate(code, 'ra.action.bulk_actions', { smart_count: 5 });
  const one = translate(code, 'ra.notification.updated', { smart_count: 1 });
  const range = translate(code, 'ra.navigation.page_range_info', { offsetBegin: 11, offsetEnd: 20, total: 42 });
  const rule = translate(code, 'plaudit.validation.number_between_equal', { min: 1, max: 8760 });
  for (const text of [many, one, range, rule]) expect(text).not.toMatch(/\{\{|%\{|\|\|\|\||^ra\.|^plaudit\./);
  expect([many, range, rule]).toEqual([expect.stringContaining('5'), expect.stringContaining('42'), expect.stringContaining('8760')]);
  if (code === 'en') return;
  expect(many).not.toBe(translate('en', 'ra.action.bulk_actions', { smart_count: 5 }));
  expect(one).not.toBe(translate('en', 'ra.notification.updated', { smart_count: 1 }));
  expect(rule).not.toBe(translate('en', 'plaudit.validation.number_between_equal', { min: 1, max: 8760 }));
});

test('English reads as react-admin and the spec write it', () => {
  expect(translate('en', 'ra.action.bulk_actions', { smart_count: 1 })).toBe('1 item selected');
  expect(translate('en', 'ra.action.bulk_actions', { smart_count: 3 })).toBe('3 items selected');
  expect(translate('en', 'plaudit.validation.number_between_equal', { min: 1, max: 8760 })).toBe('Number needs to be between equal 1 and 8760');
  expect(translate('en', 'plaudit.locale.change_failed')).toBe('Fail to change locale');
});

test('singular and plural differ where the language has both forms', () => {
  for (const code of ['fr', 'de', 'nl', 'it', 'es', 'pt-BR']) {
    expect(translate(code, 'ra.notification.deleted', { smart_count: 1 })).not.toBe(translate(code, 'ra.notification.deleted', { smart_count: 4 }));
  }
  expect(translate('ja', 'ra.action.bulk_actions', { smart_count: 1 })).toBe('1件を選択中');
});
