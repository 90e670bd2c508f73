// The storefront form's answers in the shopper's language. The widgets name it (?locale=, the
// storefront's); without it the answers stay English, as API clients have always read them. Every
// message the submit path gives a shopper is one of the spec's English texts; each maps to a
// reviews:public key here. Languages the kernel's i18n does not have fall back to English.
import { isHttpError } from 'http-errors';
import type { ApiServices } from '@plaudit/kernel';
import { APP_DISABLED, NOT_ELIGIBLE_CUSTOMER, NOT_ELIGIBLE_GUEST, RATE_LIMITED } from './guest-submit';
import { PHOTO_ERROR_KEYS } from './media';
import { INVALID_EMAIL, TEXT_ERROR_KEYS, UPLOAD_LIMIT } from './submission';

const errorKeys = (keys: Record<string, string>) => Object.fromEntries(Object.entries(keys).map(([message, key]) => [message, `errors.${key}`]));

const KEYS: Record<string, string> = {
  ...errorKeys({ ...TEXT_ERROR_KEYS, ...PHOTO_ERROR_KEYS, [INVALID_EMAIL]: 'invalid_email', [UPLOAD_LIMIT]: 'upload_limit' }),
  ...errorKeys({ [NOT_ELIGIBLE_GUEST]: 'not_eligible_guest', [NOT_ELIGIBLE_CUSTOMER]: 'not_eligible_customer', [APP_DISABLED]: 'app_disabled' }),
  [RATE_LIMITED]: 'too_many_reviews',
};

/** Rewrites a refusal's message and field messages in the request's ?locale= (unknown texts stay as they are). */
export function inShopperLanguage(err: unknown, locale: unknown, { i18n }: Pick<ApiServices, 'i18n'>): unknown {
  if (typeof locale !== 'string' || !isHttpError(err)) return err;
  const t = i18n.forLanguage(i18n.language(locale));
  const say = (message: string) => (KEYS[message] ? t(`reviews:public.${KEYS[message]}`) : message);
  err.message = say(err.message);
  if (err.errors && typeof err.errors === 'object')
    err.errors = Object.fromEntries(Object.entries(err.errors as Record<string, string>).map(([field, message]) => [field, say(message)]));
  return err;
}
