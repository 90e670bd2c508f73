// The validation catalogue (spec section 5) as react-admin validators, shared by every plugin:
// `<TextInput source="port" validate={[required(), digits()]} />`. A validator answers undefined
// when the value is fine, else a translation key under plaudit.validation.* (with its args), which
// react-admin translates for the merchant's language. Every validator but required() lets an empty
// value pass, so combine it with required() where the field must be filled. Bounds may be numbers
// or functions of the form's values (the request settings' upper bound depends on the unit).
import type { ValidationErrorMessage } from 'react-admin';

type Values = Record<string, unknown>;
export type PlauditValidator = (value: unknown, values?: Values) => ValidationErrorMessage | undefined;
export type Bound = number | ((values: Values) => number);

const key = (name: string) => `plaudit.validation.${name}`;

/** Same arguments, same function (as react-admin's own validators), so inline use stays stable. */
function memo<A extends unknown[]>(make: (...args: A) => PlauditValidator): (...args: A) => PlauditValidator {
  const cache = new Map<string, PlauditValidator>();
  return (...args: A) => {
    if (args.some((a) => typeof a === 'function' || (typeof a === 'object' && a !== null))) return make(...args);
    const id = args.map(String).join('\u0000');
    let validator = cache.get(id);
    if (!validator) cache.set(id, (validator = make(...args)));
    return validator;
  };
}

export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

const bound = (b: Bound, values: Values = {}) => (typeof b === 'function' ? b(values) : b);

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value.trim());
  return Number.NaN;
}

/** A date, a timestamp or a date string; calendar dates must exist ('2026-02-30' does not). */
export function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  if (typeof value !== 'string') return null;
  const ymd = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (ymd) {
    const [y, m, d] = ymd.slice(1).map(Number);
    const day = new Date(Date.UTC(y, m - 1, d));
    if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return null;
  }
  const parsed = new Date(value.trim());
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

function field(values: Values | undefined, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Values)[k] : undefined), values);
}

const characters = (value: unknown) => [...String(value).trim()].length;

/** 'This field is required' (whitespace alone counts as empty). */
export const required = memo(() => Object.assign((value: unknown) => (isEmpty(value) ? key('required') : undefined), { isRequired: true }));

/** When `test` fails: 'The value is invalid'. `test` is a pattern or a predicate on (value, values). */
export function valid(test: RegExp | ((value: unknown, values: Values) => boolean)): PlauditValidator {
  return (value, values = {}) => {
    if (isEmpty(value)) return undefined;
    const ok = test instanceof RegExp ? new RegExp(test.source, test.flags.replace('g', '')).test(String(value)) : test(value, values);
    return ok ? undefined : key('invalid');
  };
}

/** 'Invalid date value' */
export const date = memo(() => (value) => (isEmpty(value) || toDate(value) ? undefined : key('invalid_date')));

/** 'Invalid date value range': both ends are dates and the start is not after the end. Put it on either field. */
export const dateRange = memo((fromField: string, toField: string) => (_value, values) => {
  const from = field(values, fromField);
  const to = field(values, toField);
  if (isEmpty(from) || isEmpty(to)) return undefined;
  const start = toDate(from);
  const end = toDate(to);
  return start && end && start.getTime() <= end.getTime() ? undefined : key('invalid_date_range');
});

const EMAIL = /^[^\s@"(),:;<>[\\\]]+@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;

/** 'Invalid email' */
export const email = memo(() => (value) => (isEmpty(value) || EMAIL.test(String(value).trim()) ? undefined : key('email')));
/** 'Email field is invalid' (the same check, the catalogue's other wording). */
export const emailField = memo(() => (value) => (isEmpty(value) || EMAIL.test(String(value).trim()) ? undefined : key('email_field')));
/** 'Invalid domain': a host name such as shop.example.com, without scheme, path or port. */
export const domain = memo(() => (value) => (isEmpty(value) || DOMAIN.test(String(value).trim()) ? undefined : key('domain')));
/** 'Must be digits': 0-9 only (no sign, decimal point or spaces). */
export const digits = memo(() => (value) => (isEmpty(value) || /^\d+$/.test(String(value).trim()) ? undefined : key('digits')));

type NumberTest = (n: number, min: number, max: number) => boolean;

function numberRule(name: string, ok: NumberTest, min?: Bound, max?: Bound): PlauditValidator {
  return (value, values = {}) => {
    if (isEmpty(value)) return undefined;
    const args: { min?: number; max?: number } = {};
    if (min !== undefined) args.min = bound(min, values);
    if (max !== undefined) args.max = bound(max, values);
    const n = toNumber(value);
    return Number.isFinite(n) && ok(n, args.min ?? Number.NaN, args.max ?? Number.NaN) ? undefined : { message: key(name), args };
  };
}

/** 'Number needs to be greater than {min}' */
export const greaterThan = memo((min: Bound) => numberRule('number_greater_than', (n, lo) => n > lo, min));
/** 'Number needs to be greater than or equal to {min}' */
export const greaterThanOrEqual = memo((min: Bound) => numberRule('number_greater_than_equal', (n, lo) => n >= lo, min));
/** 'Number needs to be less than {max}' */
export const lessThan = memo((max: Bound) => numberRule('number_less_than', (n, _lo, hi) => n < hi, undefined, max));
/** 'Number needs to be less than or equal to {max}' */
export const lessThanOrEqual = memo((max: Bound) => numberRule('number_less_than_equal', (n, _lo, hi) => n <= hi, undefined, max));
/** 'Number needs to be between {min} and {max}', both excluded. */
export const between = memo((min: Bound, max: Bound) => numberRule('number_between', (n, lo, hi) => n > lo && n < hi, min, max));
/** 'Number needs to be between equal {min} and {max}', both included (spec: 'between equal 1 and 8760'). */
export const betweenEqual = memo((min: Bound, max: Bound) => numberRule('number_between_equal', (n, lo, hi) => n >= lo && n <= hi, min, max));

/** 'Fill at least {n} characters' (trimmed; an emoji counts once). */
export const minCharacters = memo(
  (n: number) => (value) => (isEmpty(value) || characters(value) >= n ? undefined : { message: key('min_characters'), args: { n } }),
);
/** 'Fill more than {n} characters' */
export const moreThanCharacters = memo(
  (n: number) => (value) => (isEmpty(value) || characters(value) > n ? undefined : { message: key('more_than_characters'), args: { n } }),
);

/** 'You have reached the file upload limit': more than `max` files in the field. */
export const maxFiles = memo((max: number) => (value) => (Array.isArray(value) && value.length > max ? key('upload_limit') : undefined));
