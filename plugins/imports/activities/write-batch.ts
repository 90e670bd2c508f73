// One batch of parsed reviews into the shop: skip what is already there (same key) or over the run's
// limit, find each product, fetch and clean the photos, then write the rest in one call. A row the
// reviews plugin refuses is reported and the others written; a photo that fails is reported and its
// review kept without it.
import { Context } from '@temporalio/activity';
import type { ZodError } from 'zod';
import type { KernelServices, Tenant } from '@plaudit/kernel';
import type { Mapping, ParsedReview, RowError } from '../shared/row';
import { ReviewWrite, type ImportedPhoto, type ImportedReviewInput, type ReviewWriteApi } from '@plaudit/contracts/reviews';
import { ReviewQuestions } from '@plaudit/contracts/review-questions';
import { fetchPhoto } from './photos';
import { describeRef, type productResolver, type ShopProduct } from './products';
import { rewriteUrl } from '../marketplaces';

export interface BatchContext {
  services: KernelServices;
  tenant: Tenant;
  products: ReturnType<typeof productResolver>;
  /** a marketplace import's product, chosen by the merchant */
  product?: ShopProduct;
  mapping: Mapping;
  /** reviews this run may still create (the plan's per-run limit) */
  room: number;
}

export interface BatchResult {
  imported: number;
  skipped: number;
  failed: number;
  photosFailed: number;
  limited: boolean;
  errors: RowError[];
}

// fetching waits on the network; cleaning runs on sharp's own threads: more than the cores pays off
const PHOTO_CONCURRENCY = 8;

export async function writeBatch(ctx: BatchContext, parsed: ParsedReview[]): Promise<BatchResult> {
  const reviews = ctx.services.capabilities.require(ReviewWrite);
  const out: BatchResult = { imported: 0, skipped: 0, failed: 0, photosFailed: 0, limited: false, errors: [] };
  const known = await reviews.existingKeys(
    ctx.tenant,
    parsed.map((p) => p.key),
  );
  const fresh = parsed.filter((p) => !known.has(p.key));
  out.skipped += parsed.length - fresh.length;
  const productOf = await resolveProducts(ctx, fresh, out);
  // the plan's per-run limit counts reviews that can be written: a row refused for its product takes no place
  let ready = fresh.filter((p) => productOf.has(p));
  if (ready.length > ctx.room) {
    out.skipped += ready.length - Math.max(0, ctx.room);
    out.limited = true;
    ready = ready.slice(0, Math.max(0, ctx.room));
  }
  const media = await fetchPhotos(ctx, reviews, ready, out);
  const rows = ready.map((p) => toRow(p, productOf.get(p)!, media.get(p) ?? []));
  const written = await writeRows(ctx, reviews, ready, rows, out);
  out.imported += written.ids.length;
  out.skipped += written.duplicates;
  await importAnswers(ctx, written);
  return out;
}

/**
 * The written reviews' answers to custom questions (Plaudit's export), through ReviewQuestions. The new
 * ids come in the order of the rows written; when the reviews plugin skipped one as a duplicate meanwhile
 * (a race with another import) that order no longer says which is which, and the batch's answers are left out.
 */
async function importAnswers(ctx: BatchContext, written: { ids: number[]; duplicates: number; rows: ImportedReviewInput[]; parsed: ParsedReview[] }) {
  const questions = ctx.services.capabilities.get(ReviewQuestions);
  if (!questions || written.duplicates || !written.parsed.some((p) => p.answers.length)) return;
  await questions.importAnswers(
    ctx.tenant,
    written.ids.map((id, i) => ({
      id,
      productId: written.rows[i].productId == null ? null : String(written.rows[i].productId),
      published: written.rows[i].status === 'published',
      answers: written.parsed[i].answers,
    })),
  );
}

/** Each review's product (null for a store review); rows whose product the shop lacks are refused. */
async function resolveProducts(ctx: BatchContext, rows: ParsedReview[], out: BatchResult): Promise<Map<ParsedReview, ShopProduct | null>> {
  const result = new Map<ParsedReview, ShopProduct | null>();
  const needing = rows.filter((r) => r.product && !ctx.product);
  const found = await ctx.products.resolve(needing.map((r) => r.product!));
  needing.forEach((r, i) => {
    if (found[i]) return void result.set(r, found[i]);
    out.failed++;
    const column = ctx.mapping[r.product!.id ? 'productId' : r.product!.handle ? 'productHandle' : 'productSku'] ?? '';
    out.errors.push({ line: r.line, column, reason: `The store has no product with ${describeRef(r.product!)}` });
  });
  for (const r of rows) if (!r.product || ctx.product) result.set(r, ctx.product ?? null);
  return result;
}

async function fetchPhotos(ctx: BatchContext, reviews: ReviewWriteApi, rows: ParsedReview[], out: BatchResult): Promise<Map<ParsedReview, ImportedPhoto[]>> {
  const jobs = rows.flatMap((r) => r.photoUrls.map((url, i) => ({ r, url, i })));
  const media = new Map<ParsedReview, (ImportedPhoto | undefined)[]>(rows.map((r) => [r, new Array(r.photoUrls.length)]));
  const { config } = ctx.services;
  const options = {
    production: config.env === 'production',
    rewrite: (u: string) => rewriteUrl(u, config.marketplaceBaseUrl),
    trusted: config.marketplaceBaseUrl,
  };
  let next = 0;
  async function worker() {
    while (next < jobs.length) {
      const { r, url, i } = jobs[next++];
      try {
        media.get(r)![i] = await reviews.storePhoto(await fetchPhoto(url, options));
      } catch (err) {
        out.photosFailed++;
        out.errors.push({ line: r.line, column: ctx.mapping.photos ?? 'photos', reason: `Photo not imported (${url}): ${(err as Error).message}` });
      }
      // a batch of slow photo hosts (15 s each) outlasts the run's heartbeat timeout: Temporal would start a retry
      Context.current().heartbeat();
    }
  }
  await Promise.all(Array.from({ length: PHOTO_CONCURRENCY }, worker));
  return new Map([...media].map(([r, list]) => [r, list.filter((m): m is ImportedPhoto => !!m)]));
}

function toRow(p: ParsedReview, product: ShopProduct | null, media: ImportedPhoto[]): ImportedReviewInput {
  return {
    kind: product ? 'product' : 'store',
    productId: product?.id ?? null,
    productTitle: product?.title ?? null,
    productHandle: product?.handle ?? null,
    rating: p.rating,
    title: p.title,
    content: p.content,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    country: p.country,
    variants: p.variants,
    media,
    source: p.source,
    status: p.status,
    ...(p.createdAt ? { createdAt: p.createdAt } : {}),
    reply: p.reply && { content: p.reply.content, ...(p.reply.at ? { at: p.reply.at } : {}) },
    incentivized: p.incentivized,
    importKey: p.key,
    importedVerified: p.verified,
  };
}

/** Writes the rows; rows the reviews plugin refuses are reported (by field) and the rest written again. */
async function writeRows(
  ctx: BatchContext,
  reviews: ReviewWriteApi,
  parsed: ParsedReview[],
  rows: ImportedReviewInput[],
  out: BatchResult,
): Promise<{ ids: number[]; duplicates: number; rows: ImportedReviewInput[]; parsed: ParsedReview[] }> {
  if (!rows.length) return { ids: [], duplicates: 0, rows, parsed };
  try {
    const { ids, duplicates } = await reviews.importReviews(ctx.tenant, rows);
    return { ids, duplicates, rows, parsed };
  } catch (err) {
    if ((err as Error).name !== 'ZodError') throw err;
    const bad = new Set<number>();
    for (const issue of (err as ZodError).issues) {
      const [index, field] = issue.path as [number, string];
      if (typeof index !== 'number') throw err;
      bad.add(index);
      out.errors.push({ line: parsed[index].line, column: columnOf(ctx.mapping, String(field ?? '')), reason: issue.message });
    }
    out.failed += bad.size;
    const keep = rows.map((_, i) => i).filter((i) => !bad.has(i));
    return writeRows(
      ctx,
      reviews,
      keep.map((i) => parsed[i]),
      keep.map((i) => rows[i]),
      out,
    );
  }
}

const FIELD_OF: Record<string, keyof Mapping> = {
  content: 'content',
  title: 'title',
  rating: 'rating',
  email: 'email',
  firstName: 'firstName',
  lastName: 'lastName',
  country: 'country',
  createdAt: 'createdAt',
  reply: 'reply',
  media: 'photos',
  variants: 'variantValues',
};
const columnOf = (mapping: Mapping, field: string) => mapping[FIELD_OF[field] ?? (field as keyof Mapping)] ?? field;
