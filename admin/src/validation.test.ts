import i18next from 'i18next';
import en from '../../locales/en.json';
import {
  between,
  betweenEqual,
  date,
  dateRange,
  digits,
  domain,
  email,
  emailField,
  greaterThan,
  greaterThanOrEqual,
  lessThan,
  lessThanOrEqual,
  maxFiles,
  minCharacters,
  moreThanCharacters,
  required,
  valid,
  type PlauditValidator,
} from './validation';

const i18n = i18next.createInstance();
beforeAll(() => i18n.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } }));

/** What the merchant reads: the verdict rendered as react-admin's ValidationError does, in English. */
function english(validator: PlauditValidator, value: unknown, values: Record<string, unknown> = {}): string | undefined {
  const error = validator(value, values);
  if (error === undefined) return undefined;
  const { message, args } = typeof error === 'string' ? { message: error, args: {} } : error;
  expect(i18n.exists(message)).toBe(true);
  return String(i18n.t(message, args));
}

const passes = (validator: PlauditValidator, values: unknown[], all?: Record<string, unknown>) =>
  values.forEach((v) => expect([v, english(validator, v, all)]).toEqual([v, undefined]));
const fails = (validator: PlauditValidator, values: unknown[], text: string, all?: Record<string, unknown>) =>
  values.forEach((v) => expect([v, english(validator, v, all)]).toEqual([v, text]));

test('required refuses nothing, blanks and empty lists, and marks the input as required', () => {
  fails(required(), [undefined, null, '', '   ', []], 'This field is required');
  passes(required(), [0, 'a', false, ['x']]);
  expect((required() as unknown as { isRequired: boolean }).isRequired).toBe(true);
  expect(required()).toBe(required());
});

test('every other validator lets an empty value through', () => {
  for (const v of [
    date(),
    dateRange('a', 'b'),
    email(),
    emailField(),
    domain(),
    digits(),
    valid(/x/),
    betweenEqual(1, 2),
    minCharacters(3),
    moreThanCharacters(3),
  ]) {
    passes(v, [undefined, null, '']);
  }
});

test('dates and date ranges', () => {
  passes(date(), ['2026-11-21', '2026-11-21T10:00:00Z', new Date(2026, 0, 1), Date.UTC(2026, 0, 1)]);
  fails(date(), ['2026-02-30', 'tomorrow-ish', new Date('nope'), '2026-13-01'], 'Invalid date value');
  const range = dateRange('period.from', 'period.to');
  passes(range, ['x'], { period: { from: '2026-01-01', to: '2026-01-31' } });
  passes(range, ['x'], { period: { from: '2026-01-01', to: '2026-01-01' } });
  passes(range, ['x'], { period: { from: '2026-01-01' } });
  fails(range, ['x'], 'Invalid date value range', { period: { from: '2026-02-01', to: '2026-01-31' } });
  fails(range, ['x'], 'Invalid date value range', { period: { from: '2026-02-31', to: '2026-03-31' } });
});

test('emails, in both wordings', () => {
  passes(email(), ['merchant@example.com', 'first.last+reviews@shop.example.co.uk', ' a@b.io ']);
  fails(email(), ['merchant', 'a@b', 'a b@example.com', '@example.com', 'a@b.c', 'a@@b.com', 'a@-b.com'], 'Invalid email');
  fails(emailField(), ['a@b'], 'Email field is invalid');
  passes(emailField(), ['a@b.com']);
});

test('domains are bare host names', () => {
  passes(domain(), ['plaudit-demo.myshopify.com', 'example.co.uk', 'SHOP.EXAMPLE.COM', 'xn--bcher-kva.example']);
  fails(domain(), ['https://example.com', 'example', '-a.com', 'a..com', 'example.com/path', 'example.com:443', 'exa mple.com'], 'Invalid domain');
});

test('digits, and the generic invalid value', () => {
  passes(digits(), ['123', 123, '007']);
  fails(digits(), ['12.5', '-1', -1, '1e3', '1 2', 'abc'], 'Must be digits');
  passes(valid(/^[A-Z0-9]+$/g), ['SAVE10', 'SAVE10']);
  fails(valid(/^[A-Z0-9]+$/), ['save 10'], 'The value is invalid');
  fails(
    valid((v, all) => v !== all.other),
    ['same'],
    'The value is invalid',
    { other: 'same' },
  );
});

test('number bounds, with the spec row messages word for word', () => {
  passes(betweenEqual(1, 8760), [1, 8760, '42', ' 7 ']);
  fails(betweenEqual(1, 8760), [0, 8761, 'abc', '1.2.3'], 'Number needs to be between equal 1 and 8760');
  fails(betweenEqual(1, 365), [366], 'Number needs to be between equal 1 and 365');
  fails(betweenEqual(1, 100), [101], 'Number needs to be between equal 1 and 100');
  const byUnit = betweenEqual(
    (all) => (all.unit === 'minute' ? 5 : 1),
    (all) => (all.unit === 'hour' ? 8760 : 365),
  );
  passes(byUnit, [8760], { unit: 'hour' });
  fails(byUnit, [4], 'Number needs to be between equal 5 and 365', { unit: 'minute' });
  passes(between(1, 10), [2, 9.5]);
  fails(between(1, 10), [1, 10], 'Number needs to be between 1 and 10');
  passes(greaterThan(0), [1, 0.1]);
  fails(greaterThan(0), [0, -1], 'Number needs to be greater than 0');
  passes(greaterThanOrEqual(1), [1, 2]);
  fails(greaterThanOrEqual(1), [0], 'Number needs to be greater than or equal to 1');
  passes(lessThan(5), [4]);
  fails(lessThan(5), [5], 'Number needs to be less than 5');
  passes(lessThanOrEqual(30), [30]);
  fails(lessThanOrEqual(30), [31], 'Number needs to be less than or equal to 30');
});

test('character counts and the upload limit', () => {
  passes(minCharacters(5), ['abcde', '  abcde  ', '😀😀😀😀😀']);
  fails(minCharacters(50), ['a'.repeat(49), `${'a'.repeat(49)}   `], 'Fill at least 50 characters');
  passes(moreThanCharacters(3), ['abcd']);
  fails(moreThanCharacters(3), ['abc'], 'Fill more than 3 characters');
  passes(maxFiles(5), [[1, 2, 3, 4, 5], undefined]);
  fails(maxFiles(5), [[1, 2, 3, 4, 5, 6]], 'You have reached the file upload limit');
});

test('the catalogue reads exactly as the spec writes it', () => {
  const t = (k: string) => i18n.t(`plaudit.validation.${k}`);
  expect([
    t('required'),
    t('invalid_date'),
    t('invalid_date_range'),
    t('email'),
    t('email_field'),
    t('domain'),
    t('digits'),
    t('invalid'),
    t('upload_limit'),
  ]).toEqual([
    'This field is required',
    'Invalid date value',
    'Invalid date value range',
    'Invalid email',
    'Email field is invalid',
    'Invalid domain',
    'Must be digits',
    'The value is invalid',
    'You have reached the file upload limit',
  ]);
  expect(i18n.t('plaudit.locale.change_failed')).toBe('Fail to change locale');
});
