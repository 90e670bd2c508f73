// One record of a file -> a review ready to import, or the reasons it is not. Errors refuse the row
// (each names its column for the error report); warnings keep the row and still reach the report
// (a photo URL left out, an email dropped). Cells are read through the merchant's mapping only.
import { createHash } from 'node:crypto';
import type { Field, ImportSource, Mapping, ParsedReview, RowError, SourceRecord } from '../shared/row';
import { countryCode } from './country';
import { pastDate } from './dates';
import { PRODUCT_FIELDS } from './mapping';
import { readState } from './states';
import type { ImportFormat, ProductField } from './types';
import {
  isEmail,
  isTrue,
  normaliseHeader,
  normaliseWord,
  photoUrls,
  productHandleOf,
  productIdOf,
  splitName,
  toStars,
  variantPairs,
  MAX_PHOTOS,
} from './values';

export const REQUIRED = 'This field is required';
export type RowResult = { review: ParsedReview; warnings: RowError[] } | { errors: RowError[] };

const STORE_TYPES = ['store', 'shop', 'site', 'storereview', 'shopreview', 'sitereview'];
const MARKETPLACES: ImportSource[] = ['amazon', 'aliexpress'];
/** the limits of the reviews plugin's import row schema, refused here with the column named */
const MAX_LENGTH: Partial<Record<Field, number>> = {
  title: 255,
  content: 10_000,
  author: 510,
  firstName: 255,
  lastName: 255,
  reply: 5000,
  productTitle: 512,
  productHandle: 255,
  productSku: 255,
};

/** A cell of a header the format names outside the mapping (Okendo's replyIsPublic, Plaudit's source). */
function extraCell(record: SourceRecord, headers: string[] | undefined): string {
  if (!headers) return '';
  const wanted = headers.map(normaliseHeader);
  const key = Object.keys(record).find((h) => wanted.includes(normaliseHeader(h)));
  return key ? (record[key] ?? '').trim() : '';
}

/** `<format>:<original id>` when the file has one, else a hash of what the review says. */
export function reviewKey(format: ImportFormat, externalId: string, parts: (string | number | null)[]): string {
  const sha = (s: string) => createHash('sha256').update(s).digest('hex');
  const id = externalId.trim();
  if (id) return id.length <= 150 ? `${format.id}:${id}` : `${format.id}:sha256:${sha(id)}`;
  const norm = parts.map((p) =>
    String(p ?? '')
      .normalize('NFC')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim(),
  );
  return `sha256:${sha(JSON.stringify(norm))}`;
}

export function toParsedReview(record: SourceRecord, line: number, format: ImportFormat, mapping: Mapping, now = Date.now()): RowResult {
  const errors: RowError[] = [];
  const warnings: RowError[] = [];
  const column = (f: Field) => mapping[f] ?? '';
  const cell = (f: Field) => (mapping[f] ? (record[mapping[f]!] ?? '').trim() : '');
  const fail = (f: Field, reason: string) => errors.push({ line, column: column(f), reason });
  const warn = (f: Field, reason: string) => warnings.push({ line, column: column(f), reason });

  for (const f of format.required) {
    if (PRODUCT_FIELDS.includes(f as ProductField) || cell(f)) continue;
    if (f === 'author' && (cell('firstName') || cell('lastName'))) continue;
    fail(f, REQUIRED);
  }
  for (const [f, max] of Object.entries(MAX_LENGTH) as [Field, number][]) {
    if (cell(f).length > max) fail(f, `At most ${max.toLocaleString('en')} characters`);
  }

  let rating = 0;
  if (cell('rating')) {
    const stars = toStars(cell('rating'), format.ratingScale);
    if (typeof stars === 'number') rating = stars;
    else fail('rating', stars.error);
  }

  let createdAt: Date | null = null;
  if (cell('createdAt')) {
    const d = pastDate(cell('createdAt'), format.dates, now);
    if (d instanceof Date) createdAt = d;
    else fail('createdAt', d.error);
  }

  // the product: by id, handle or SKU; none is a store review where the format has them
  const [id, handle, sku] = [cell('productId'), cell('productHandle'), cell('productSku')];
  const type = normaliseWord(cell('reviewType'));
  const storeMarked = STORE_TYPES.includes(type) || (format.storeProductIds ?? []).includes(normaliseWord(id || handle || sku));
  let product: ParsedReview['product'] = null;
  if (!storeMarked && (id || handle || sku)) {
    product = {};
    if (id) product.id = productIdOf(id);
    if (handle) product.handle = productHandleOf(handle);
    if (sku) product.sku = sku;
    if (cell('productTitle')) product.title = cell('productTitle');
    if (product.id && !/^[\w:/.-]{1,255}$/.test(product.id)) fail('productId', 'The value is invalid');
  } else if (!storeMarked && (!format.storeReviews || type === 'product')) {
    const named = PRODUCT_FIELDS.find((f) => mapping[f]) ?? format.productField;
    fail(named, REQUIRED);
  }

  let { firstName, lastName } = { firstName: cell('firstName') || null, lastName: cell('lastName') || null };
  if (!firstName && !lastName && cell('author')) ({ firstName, lastName } = splitName(cell('author')));

  let email: string | null = null;
  if (cell('email')) {
    if (isEmail(cell('email'))) email = cell('email');
    else warn('email', 'Invalid email');
  }

  let reply: ParsedReview['reply'] = null;
  if (cell('reply')) {
    const visibility = extraCell(record, format.replyPublic);
    if (visibility && !isTrue(visibility)) {
      warn('reply', 'The reply was private in the previous app and is not imported');
    } else {
      // a bad reply date keeps the reply (undated) rather than losing the review
      let at: Date | null = null;
      if (cell('replyAt')) {
        const d = pastDate(cell('replyAt'), format.dates, now);
        if (d instanceof Date) at = d;
        else warn('replyAt', d.error);
      }
      reply = { content: cell('reply'), at };
    }
  }

  const state = readState(cell('state'), format);
  if (state.unknown) warn('state', `Unknown state "${cell('state')}": the review is imported unpublished`);

  let photos: string[] = [];
  if (cell('photos')) {
    const found = photoUrls(cell('photos'), format.photoSeparator);
    for (const bad of found.invalid) warn('photos', `Invalid photo URL: ${bad.slice(0, 200)}`);
    if (found.extra) warn('photos', `At most ${MAX_PHOTOS} photos are kept per review: ${found.extra} left out`);
    photos = found.urls;
  }

  let variants: string[] = [];
  if (cell('variantValues')) {
    const pairs = variantPairs(cell('variantOptions'), cell('variantValues'));
    if (Array.isArray(pairs)) variants = pairs;
    else fail('variantValues', pairs.error);
  }

  // `Question: answer, answer | Question: answer` (Plaudit's export): matched to the shop's questions when written
  const answers = cell('answers')
    ? cell('answers')
        .split(' | ')
        .map((part) => {
          const at = part.indexOf(': ');
          return at > 0
            ? {
                question: part.slice(0, at).trim(),
                labels: part
                  .slice(at + 2)
                  .split(', ')
                  .map((l) => l.trim())
                  .filter(Boolean),
              }
            : null;
        })
        .filter((a): a is { question: string; labels: string[] } => !!a && a.labels.length > 0)
    : [];

  if (errors.length) return { errors };
  const marketplace = normaliseWord(extraCell(record, format.marketplace)) as ImportSource;
  const author = [firstName, lastName].filter(Boolean).join(' ');
  const ref = product ? (product.id ?? product.handle ?? product.sku ?? '') : 'store';
  const key = reviewKey(format, cell('externalId'), [ref, author, email, createdAt?.toISOString() ?? '', rating, cell('title'), cell('content')]);
  return {
    review: {
      line,
      key,
      product,
      rating,
      title: cell('title') || null,
      content: cell('content'),
      firstName,
      lastName,
      email,
      country: countryCode(cell('country')),
      createdAt,
      reply,
      status: state.state,
      verified: isTrue(cell('verified')),
      incentivized: isTrue(cell('incentivized')),
      photoUrls: photos,
      variants,
      source: MARKETPLACES.includes(marketplace) ? marketplace : 'imported',
      answers,
    },
    warnings,
  };
}
