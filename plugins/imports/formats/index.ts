// The file formats the importer recognises, and the functions the upload, the mapping step and the
// import activity call. Which vendor documents what: FORMATS.md.
import type { Mapping } from '../shared/row';
import { generic } from './generic';
import { judgeme } from './judgeme';
import { loox } from './loox';
import { defaultMapping, pickFormat } from './mapping';
import { okendo } from './okendo';
import { plaudit } from './plaudit';
import { shopify } from './shopify';
import { stamped } from './stamped';
import type { ImportFormat } from './types';
import { yotpo } from './yotpo';

/** Every format, the fallback last (it never matches by signature). */
export const FORMATS: ImportFormat[] = [plaudit, judgeme, loox, okendo, yotpo, stamped, shopify, generic];

export function formatById(id: string): ImportFormat | undefined {
  return FORMATS.find((f) => f.id === id);
}

/** The format a header belongs to (its most specific signature), generic otherwise, and its default mapping. */
export function detectFormat(headers: string[]): { format: ImportFormat; mapping: Mapping } {
  const format = pickFormat(FORMATS, generic, headers);
  return { format, mapping: defaultMapping(format, headers) };
}

export { defaultMapping, requiredFields, checkMapping, columnRequired, unmappedColumns, PRODUCT_FIELDS, type UnmappedColumn } from './mapping';
export { toParsedReview, reviewKey, REQUIRED, type RowResult } from './review';
export { readDate, pastDate, INVALID_DATE, FUTURE_DATE } from './dates';
export { toStars, normaliseHeader, RATING_MESSAGE, VARIANT_COUNT_MESSAGE, MAX_PHOTOS } from './values';
export { countryCode } from './country';
export { PLAUDIT_COLUMNS, PLAUDIT_SEPARATORS, type PlauditColumn } from './plaudit';
export { FIELD_LABELS, type ImportFormat, type DateOrder, type ProductField, type ReviewState } from './types';
export { generic, judgeme, loox, okendo, plaudit, shopify, stamped, yotpo };
