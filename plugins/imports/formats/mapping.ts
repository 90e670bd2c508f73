// The mapping step: which format a header belongs to, which column feeds each field by default, and
// what the merchant's (possibly corrected) mapping still lacks before an import may start.
import { FIELDS, type Field, type Mapping } from '../shared/row';
import { FIELD_LABELS, type ImportFormat, type ProductField } from './types';
import { readDate } from './dates';
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
  let bestLength = 0;
  for (const f of formats) {
    for (const signature of [f.signature, ...(f.otherSignatures ?? [])]) {
      const matches = signature.length > 0 && signature.every((s) => present.has(s));
      if (matches && signature.length > bestLength) (best = f), (bestLength = signature.length);
    }
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

/** A file's column that holds values but feeds no field: the mapping step and the CLI name it, so nothing is dropped unseen. */
export interface UnmappedColumn {
  header: string;
  /** its values read as dates (or its name says date): the CLI refuses to import without it unless told to ignore it */
  date: boolean;
}

const DATE_NAME = /date|time/;

/** Columns with a value in `records` (the preview) that neither the mapping nor the format reads. */
export function unmappedColumns(format: ImportFormat, mapping: Mapping, headers: string[], records: Record<string, string>[]): UnmappedColumn[] {
  const mapped = new Set(Object.values(mapping).filter(Boolean));
  // the reply's visibility and the marketplace name are read by name, outside the mapping
  const readByName = new Set([...(format.replyPublic ?? []), ...(format.marketplace ?? [])].map(normaliseHeader));
  const found: UnmappedColumn[] = [];
  for (const header of headers) {
    if (mapped.has(header) || readByName.has(normaliseHeader(header))) continue;
    const values = records.map((r) => (r[header] ?? '').trim()).filter(Boolean);
    if (!values.length) continue;
    // a bare number (a count, a flag) also reads as an Excel serial date: only the name decides then
    const datesByValue = values.every((v) => !/^\d+(\.\d+)?$/.test(v) && readDate(v, 'auto') !== null);
    found.push({ header, date: datesByValue || DATE_NAME.test(normaliseHeader(header)) });
  }
  return found;
}
