// Pieces every resource's operations share: the capability behind an operation (503 naming the
// plugin when it is not installed), path ids, cursor paging and comma-separated list filters.
// Conventions of the whole API: camelCase fields, ISO 8601 instants in UTC, our own ids as integers,
// Shopify's product ids as gids ('gid://shopify/Product/123'; plain digits are accepted on input).
import createHttpError from 'http-errors';
import { z } from 'zod';
import type { ApiServices, CapabilityRef } from '@plaudit/kernel';

/**
 * The capability an operation works through. The providing plugin may be removed (docs/plugins.md):
 * then the operation answers 503 PLUGIN_NOT_INSTALLED with the plugin named in `missing`.
 */
export function capability<T>(services: ApiServices, ref: CapabilityRef<T>): T {
  const found = services.capabilities.get(ref);
  const plugin = ref.id.split('.')[0];
  if (!found)
    throw createHttpError(503, `This call needs the "${plugin}" plugin, which is not installed on this server`, {
      code: 'PLUGIN_NOT_INSTALLED',
      missing: plugin,
    });
  return found;
}

export const notFound = (what: string) => createHttpError(404, `${what} not found`, { code: 'NOT_FOUND' });

export const INVALID = 'The value is invalid';

export const idParams = (what: string) =>
  z.object({
    id: z.coerce
      .number({ error: INVALID })
      .int(INVALID)
      .positive(INVALID)
      .max(Number.MAX_SAFE_INTEGER, INVALID)
      .meta({ description: `The ${what}'s id`, example: 1042 }),
  });

export const limit = (fallback: number) =>
  z.coerce
    .number({ error: INVALID })
    .int(INVALID)
    .min(1, 'At least 1')
    .max(100, 'At most 100')
    .default(fallback)
    .meta({ description: `Items per page (1 to 100, default ${fallback})`, example: fallback });

export const cursor = z
  .string()
  .max(512, INVALID)
  .optional()
  .meta({ description: "A previous page's `pageInfo.nextCursor`: the page after it", example: 'WyIyMDI2LTExLTI3VDA3OjMwOjA2LjAwMFoiLDEwNDJd' });

export const pageInfo = z
  .object({
    nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page' }),
    hasNextPage: z.boolean(),
  })
  .meta({ id: 'PageInfo', description: 'Cursor paging: there is no total, follow `nextCursor` until `hasNextPage` is false' });

export const isoInstant = z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 date and time, e.g. 2026-11-27T08:00:00Z' });

const splitList = (s: string) => [
  ...new Set(
    s
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

/** `a,b,c` in a query string: at most `max` values of `item`. */
export const csv = <T extends z.ZodType>(item: T, max: number) =>
  z
    .string()
    .max(4000, INVALID)
    .transform(splitList)
    .pipe(z.array(item).max(max, `At most ${max} values`) as unknown as z.ZodType<z.output<T>[], string[]>);

export const boolQuery = z.enum(['true', 'false'], { error: 'Must be true or false' }).transform((v) => v === 'true');

/** Shopify product ids as themes write them (digits) or as the Admin API does (gids); stored as gids. */
export const productId = z
  .string()
  .trim()
  .regex(/^(\d{1,20}|gid:\/\/shopify\/Product\/\d{1,20})$/, 'A Shopify product id: digits or gid://shopify/Product/<digits>')
  .transform((id) => (/^\d+$/.test(id) ? `gid://shopify/Product/${id}` : id));
