// GET /api/manual-import (spec section 7): the paged product list of the QR code screen.
import { z } from 'zod';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const SORTS = ['lastImportedAt_desc', 'lastImportedAt_asc'] as const;
export type ProductSort = (typeof SORTS)[number];

export const productListQuery = z
  .object({
    after: z.string().max(512).optional(),
    before: z.string().max(512).optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    sort: z.enum(SORTS).default('lastImportedAt_desc'),
    searchText: z.string().trim().max(255).default(''),
    limitPerPage: z.coerce
      .number()
      .int()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `One of ${PAGE_SIZES.join(', ')}`)
      .default(10),
    hasReview: z.enum(['true', 'false']).optional(),
  })
  .refine((q) => !(q.after && q.before), { path: ['before'], message: 'Send after or before, not both' });
export type ProductListQuery = z.infer<typeof productListQuery>;

/** A row of the list (spec section 3's QR product row, plus the time it sorts by). */
export interface QrProductRow {
  /** the product's numeric id */
  id: string;
  allStarCount: number;
  image: string | null;
  title: string;
  handle: string;
  /** the product's gid */
  productId: string;
  /** the product's review page, once a card was generated; null before */
  qrCode: string | null;
  /** when the product last came into the catalogue (its last update in the store) */
  lastImportedAt: string;
  scans: number;
  reviews: number;
}

export interface QrProductPage {
  success: true;
  data: QrProductRow[];
  page: number;
  pageInfo: { hasPre: boolean; hasNext: boolean; previousCursor: string | null; nextCursor: string | null };
}

/** POST /api/qrcodes: the product row (at least its gid). */
export const generateInput = z.object({ productId: z.string().regex(/^gid:\/\/shopify\/Product\/\d{1,20}$/, 'The value is invalid') }).passthrough();

export interface GeneratedCode {
  success: true;
  /** the code as a PNG data URL, at print resolution */
  qrCode: string;
  /** the page the code leads to */
  url: string;
}
