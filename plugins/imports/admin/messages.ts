// The API speaks the spec's English messages (section 8); the screens show them in the merchant's
// language. A message this catalogue does not know is shown as the server wrote it.
import { useLocaleState, useTranslate } from 'react-admin';
import { FIELDS, type Field } from '../shared/row';

type Translate = (key: string, options?: Record<string, unknown>) => string;
export type MessageOf = (message: string) => string;

const CATALOGUE: Record<string, string> = {
  'Import failed, 0 review imported': 'imports:errors.nothing_imported',
  'Import failed, wrong URL': 'imports:errors.wrong_url',
  'There is no reviews found. Please enter another URL.': 'imports:errors.no_reviews',
  'file type not valid': 'imports:errors.file_type',
  'file size should not be more than 25MB': 'imports:errors.file_size',
  'Failed to export reviews': 'imports:errors.export_failed',
  'the URL must come from one of two supported marketplaces': 'imports:errors.wrong_marketplace',
  'The marketplace asked for a bot check; try again later': 'imports:errors.bot_check',
  'The marketplace could not be reached; try again later': 'imports:errors.unreachable',
  'The marketplace answered a page we could not read; try again later': 'imports:errors.unexpected',
  'This import has already started': 'imports:errors.already_started',
  'This field is required': 'plaudit.validation.required',
  'The value is invalid': 'plaudit.validation.invalid',
};

/** The readable names the API uses in 'A {field} column is required' (formats/types.ts FIELD_LABELS). */
const API_LABELS: Record<string, Field> = {
  'review ID': 'externalId',
  'product ID': 'productId',
  'product handle': 'productHandle',
  'product SKU': 'productSku',
  'product title': 'productTitle',
  'review type': 'reviewType',
  'review content': 'content',
  'first name': 'firstName',
  'last name': 'lastName',
  date: 'createdAt',
  'reply date': 'replyAt',
  'variant options': 'variantOptions',
  'variant values': 'variantValues',
  'custom question answers': 'answers',
};

export function fieldOfLabel(label: string): Field | undefined {
  return API_LABELS[label] ?? FIELDS.find((f) => f.toLowerCase() === label.toLowerCase());
}

function translateMessage(translate: Translate, locale: string, message: string): string {
  if (CATALOGUE[message]) return translate(CATALOGUE[message]);
  if (message.startsWith('file type not valid:')) {
    if (message.includes('.xls')) return translate('imports:errors.xls');
    if (message.includes('UTF-16')) return translate('imports:errors.utf16');
    return translate('imports:errors.file_type');
  }
  const column = /^A (.+) column is required$/.exec(message);
  const field = column && fieldOfLabel(column[1]);
  if (field) {
    // English runs the name into the sentence ('A product handle column is required'); the others quote it
    const name = translate(`imports:fields.${field}`);
    return translate('imports:errors.column_required', { field: locale === 'en' ? name.charAt(0).toLowerCase() + name.slice(1) : name });
  }
  const between = /^Number needs to be between equal (\d+) and (\d+)$/.exec(message);
  if (between) return translate('plaudit.validation.number_between_equal', { min: Number(between[1]), max: Number(between[2]) });
  return message;
}

/** The server's message in the merchant's language. */
export function useMessage(): MessageOf {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (message: string) => translateMessage(translate, locale, message);
}
