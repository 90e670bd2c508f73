// What a saved view is made of (api/saved-views/routes.ts): a list screen's name, the merchant's
// name for the view and the screen's query parameters (tab, filters, sort, page size).
import { z } from 'zod';

/** Spec section 5's rule, word for word; the admin words it in the merchant's language by its code. */
export const NAME_TAKEN = 'Saved view names must be unique.';
export const MAX_VIEWS_PER_SCREEN = 50;

const REQUIRED = 'This field is required';
const INVALID = 'The value is invalid';

/** a screen id: the plugin's id, optionally with a dot and a part ('reviews', 'review-requests.queue') */
export const screenId = z.string(REQUIRED).regex(/^[a-z0-9-]{1,40}(\.[a-z0-9-]{1,20})?$/, INVALID);

const viewName = z.string(REQUIRED).trim().min(1, REQUIRED).max(60, INVALID);
/** a URL's query parameters, as the screen writes them: names as in a query string, values as text */
const viewParams = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,39}$/, INVALID), z.string(INVALID).max(1000, INVALID))
  .refine((p) => Object.keys(p).length <= 40, INVALID);

export const listQuery = z.object({ screen: screenId }).strict();
export const createView = z.object({ screen: screenId, name: viewName, params: viewParams }).strict();
export const updateView = z
  .object({ name: viewName.optional(), params: viewParams.optional() })
  .strict()
  .refine((v) => v.name !== undefined || v.params !== undefined, { message: REQUIRED, path: ['name'] });
export const viewId = z.coerce.number(INVALID).int(INVALID).positive(INVALID).max(Number.MAX_SAFE_INTEGER, INVALID);

export type CreateView = z.infer<typeof createView>;
export type UpdateView = z.infer<typeof updateView>;
