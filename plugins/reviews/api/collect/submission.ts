// A review submitted from the storefront form: multipart/form-data (with up to 5 photos) or JSON
// (without photos). Field messages are the spec's (section 5); photos are typed by their bytes.
import createHttpError from 'http-errors';
import { z } from 'zod';
import { type AppContext, findUnsafeText } from '@plaudit/kernel';
import { type CleanImage, cleanUploads, MAX_PHOTO_BYTES, MAX_PHOTOS, TOO_LARGE } from './media';
import { readMultipart, type Upload } from './multipart';

export const REQUIRED = 'This field is required';
export const INVALID = 'The value is invalid';
export const INVALID_EMAIL = 'Invalid email';
export const RATING_RANGE = 'Number needs to be between equal 1 and 5';
export const UPLOAD_LIMIT = 'You have reached the file upload limit';
export { TOO_LARGE };

/** The customer pages' translation of the text checks' messages (reviews:public.errors.<key>). */
export const TEXT_ERROR_KEYS: Record<string, string> = { [REQUIRED]: 'required', [INVALID]: 'invalid', [RATING_RANGE]: 'rating_range' };

const PRODUCT_GID = /^gid:\/\/shopify\/Product\/(\d{1,20})$/;
const PHOTO_FIELDS = new Set(['photos', 'photos[]']);

export interface RawSubmission {
  fields: Record<string, string>;
  uploads: Upload[];
  tooManyFiles: boolean;
}

export interface Submission {
  kind: 'product' | 'store';
  productId: string | null;
  rating: number;
  title: string | null;
  content: string;
  firstName: string;
  lastName: string | null;
  email: string | null;
  images: CleanImage[];
}

/** The body as flat text fields and uploads, whichever way it came. */
export async function readSubmission(ctx: AppContext): Promise<RawSubmission> {
  if (ctx.is('multipart/form-data')) {
    try {
      return await readMultipart(ctx.req, { files: MAX_PHOTOS, fileSize: MAX_PHOTO_BYTES });
    } catch {
      throw createHttpError(400, 'The request body is not valid form data');
    }
  }
  if (ctx.is('application/json')) {
    const body = (ctx.request as { body?: unknown }).body;
    const fields: Record<string, string> = {};
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [k, v] of Object.entries(body)) if (typeof v === 'string' || typeof v === 'number') fields[k] = String(v);
    }
    return { fields, uploads: [], tooManyFiles: false };
  }
  throw createHttpError(415, 'Send the review as multipart/form-data or JSON');
}

/** Shopify product GID from a GID or a numeric id. */
export function productGid(value: string): string | undefined {
  const v = value.trim();
  if (/^\d{1,20}$/.test(v)) return `gid://shopify/Product/${v}`;
  return PRODUCT_GID.test(v) ? v : undefined;
}

const trimmed = (v: string | undefined) => (v ?? '').trim();

export const MAX_CONTENT = 5000;
export const MAX_LINE = 255;

/**
 * The rating and the text fields, checked the same way on every collection path (storefront form,
 * signed link): errors are added to `errors` with the spec's messages.
 */
export function checkReviewText(f: Record<string, string | undefined>, errors: Record<string, string>, opts: { firstNameRequired: boolean }) {
  const ratingText = trimmed(f.rating);
  const rating = Number(ratingText);
  if (!ratingText) errors.rating = REQUIRED;
  else if (!Number.isInteger(rating) || rating < 1 || rating > 5) errors.rating = RATING_RANGE;
  const content = trimmed(f.content);
  if (!content) errors.content = REQUIRED;
  else if (content.length > MAX_CONTENT) errors.content = INVALID;
  const title = trimmed(f.title);
  if (title.length > MAX_LINE) errors.title = INVALID;
  const firstName = trimmed(f.firstName);
  if (!firstName && opts.firstNameRequired) errors.firstName = REQUIRED;
  else if (firstName.length > MAX_LINE) errors.firstName = INVALID;
  const lastName = trimmed(f.lastName);
  if (lastName.length > MAX_LINE) errors.lastName = INVALID;
  for (const [field, text] of Object.entries({ title, content, firstName, lastName })) if (findUnsafeText(text) !== undefined) errors[field] ??= INVALID;
  return { rating, title, content, firstName, lastName };
}

/** Checks every field; errors are keyed by field with the spec's messages. Photos are re-encoded. */
export async function validateSubmission(
  raw: RawSubmission,
  opts: { emailRequired: boolean },
): Promise<{ value?: Submission; errors: Record<string, string> }> {
  const f = raw.fields;
  const errors: Record<string, string> = {};

  const productIdText = trimmed(f.productId);
  const kindText = trimmed(f.kind) || (productIdText ? 'product' : '');
  let kind: Submission['kind'] = 'product';
  if (kindText === 'product' || kindText === 'store') kind = kindText;
  else if (kindText) errors.kind = INVALID;
  let productId: string | null = null;
  if (kind === 'product') {
    if (!productIdText) errors.productId = REQUIRED;
    else productId = productGid(productIdText) ?? ((errors.productId = INVALID), null);
  }

  const { rating, title, content, firstName, lastName } = checkReviewText(f, errors, { firstNameRequired: true });
  const email = trimmed(f.email);
  if (!email) {
    if (opts.emailRequired) errors.email = REQUIRED;
  } else if (email.length > 320 || !z.email().safeParse(email).success) errors.email = INVALID_EMAIL;

  const photos = raw.uploads.filter((u) => PHOTO_FIELDS.has(u.field));
  if (raw.tooManyFiles || photos.length > MAX_PHOTOS) errors.photos = UPLOAD_LIMIT;
  const { images, error } = errors.photos ? { images: [] } : await cleanUploads(photos);
  if (error) errors.photos = error;

  if (Object.keys(errors).length) return { errors };
  return {
    errors,
    value: { kind, productId, rating, title: title || null, content, firstName, lastName: lastName || null, email: email || null, images },
  };
}
