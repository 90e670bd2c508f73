// The edit form of one review on "your reviews": the write page's checks (and messages, in the
// reviewer's language), photos kept unless ticked for removal, new photos through the uploads'
// pipeline (typed by their bytes, re-encoded, metadata stripped), five at most in all.
import type { ApiServices, AppContext } from '@plaudit/kernel';
import type { AuthorEdit } from '../../db/author-edits';
import type { Review } from '../../db/review.model';
import { cleanUploads, MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_ERROR_KEYS, storeImage } from '../collect/media';
import { readMultipart } from '../collect/multipart';
import { checkReviewText, TEXT_ERROR_KEYS } from '../collect/submission';
import type { PageLanguage } from '../collect/write-page';

export type EditForm = { edit: AuthorEdit } | { errors: Record<string, string>; values: Record<string, string | undefined> };

export async function readAuthorEdit(ctx: AppContext, { config }: Pick<ApiServices, 'config'>, language: PageLanguage, review: Review): Promise<EditForm> {
  const t = (key: string) => language.t(`reviews:public.errors.${key}`);
  if (!ctx.is('multipart/form-data', 'application/x-www-form-urlencoded')) return { errors: { content: t('invalid') }, values: {} };
  const form = ctx.is('multipart/form-data')
    ? await readMultipart(ctx.req, { files: MAX_PHOTOS, fileSize: MAX_PHOTO_BYTES }).catch(() => undefined)
    : { fields: formFields(ctx), uploads: [], tooManyFiles: false };
  if (!form) return { errors: { content: t('invalid') }, values: {} };
  const f = form.fields;
  const errors: Record<string, string> = {};
  const text = checkReviewText(f, errors, { firstNameRequired: false });
  for (const [field, message] of Object.entries(errors)) errors[field] = t(TEXT_ERROR_KEYS[message] ?? 'invalid');
  delete errors.firstName;
  delete errors.lastName;
  const kept = (review.media ?? []).filter((_m, i) => f[`remove${i}`] !== '1');
  if (form.tooManyFiles || kept.length + form.uploads.length > MAX_PHOTOS) errors.photos = t('upload_limit');
  const { images, error } = errors.photos ? { images: [] } : await cleanUploads(form.uploads);
  if (error) errors.photos = t(PHOTO_ERROR_KEYS[error] ?? 'unreadable');
  if (Object.keys(errors).length) return { errors, values: { rating: f.rating, title: f.title, content: f.content } };
  const added = images.map((img) => storeImage(config.dataDir, img));
  return { edit: { rating: text.rating, title: text.title || null, content: text.content, media: [...kept, ...added] } };
}

/** A urlencoded body (koa's body parser) as flat text fields. */
function formFields(ctx: AppContext): Record<string, string> {
  const body = (ctx.request as { body?: unknown }).body;
  const out: Record<string, string> = {};
  if (body && typeof body === 'object') for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v;
  return out;
}
