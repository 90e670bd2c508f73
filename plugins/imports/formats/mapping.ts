// The mapping step: which format a header belongs to, which column feeds each field by default, and
// what the merchant's (possibly corrected) mapping still lacks before an import may start.
import { FIELDS, type Field, type Mapping } from '../shared/row';
import { FIELD_LABELS, type ImportFormat, type ProductField } from './types';
import { normaliseHeader } from './values';

export const PRODUCT_FIELDS: ProductField[] = ['productId', 'productHandle', 'productSku'];

/** The spec's message for a column the import cannot do without. */
export function columnRequired(field: Field): string {
  return `A ${FIELD_LABELS[field]} column is required`;
}

/** The format whose signature the header carries (the longest one wins), else the fallback. */
export function pickFormat(formats: ImportFormat[], fallback: ImportFormat, headers: string[]): ImportFormat {
  const present = new Set(headers.map(normaliseHeader));
  let best: ImportFormat | null = null;
  for (const f of formats) {
    const matches = f.signature.length > 0 && f.signature.every((s) => present.has(s));
    if (matches && (!best || f.signature.length > best.signature.length)) best = f;
  }
  return best ?? fallback;
}

/**
 * Field -> the file's header that feeds it (null when the file has none). Each field takes the first
 * of its format's aliases the file has; a header feeds one field only, so `title` is not read twice.
 */
export function defaultMapping(format: ImportFormat, headers: string[]): Mapping {
  const byName = new Map<string, string>();
  for (const h of headers) if (!byName.has(normaliseHeader(h))) byName.set(normaliseHeader(h), h);
  const claimed = new Set<string>();
  const mapping: Mapping = {};
  for (const field of FIELDS) {
    mapping[field] = null;
    for (const alias of format.columns[field] ?? []) {
      const header = byName.get(normaliseHeader(alias));
      if (header !== undefined && !claimed.has(header)) {
        mapping[field] = header;
        claimed.add(header);
        break;
      }
    }
  }
  return mapping;
}

/**
 * The fields the import needs a column for, with this mapping: the format's required ones and, unless
 * the format has store reviews, the product columns mapped (or the one the format names its product by).
 */
export function requiredFields(format: ImportFormat, mapping: Mapping): Field[] {
  const fields: Field[] = [...format.required];
  if (!format.storeReviews) {
    const mapped = PRODUCT_FIELDS.filter((f) => mapping[f]);
    for (const f of mapped.length ? mapped : [format.productField]) if (!fields.includes(f)) fields.push(f);
  }
  return fields;
}

/** What keeps this mapping from starting an import: one message per problem, none when it may start. */
export function checkMapping(format: ImportFormat, mapping: Mapping, headers: string[]): string[] {
  const messages: string[] = [];
  const inFile = new Set(headers);
  const has = (f: Field) => !!mapping[f] && inFile.has(mapping[f]!);
  for (const field of FIELDS) {
    const header = mapping[field];
    if (header && !inFile.has(header)) messages.push(`The column "${header}" is not in the file`);
  }
  for (const field of format.required) {
    if (PRODUCT_FIELDS.includes(field as ProductField)) continue;
    // an author may also be written as first and last name (Plaudit's own export)
    if (field === 'author' && has('firstName')) continue;
    if (!has(field)) messages.push(columnRequired(field));
  }
  if (!format.storeReviews && !PRODUCT_FIELDS.some(has)) messages.push(columnRequired(format.productField));
  return messages;
}
