// The import's steps: count the rows (the banner's "of N"), run the rows through the format's
// mapping and the batch writer, heartbeating the position and storing it after every batch (a retried
// run skips the rows already written), and record the outcome.
import fs from 'node:fs/promises';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { KernelServices } from '@plaudit/kernel';
import { addErrors, addProgress, clearErrorsFrom, importById, updateImport, type ImportRow } from '../db/imports';
import { FORMATS, toParsedReview } from '../formats';
import { fetchMarketplaceReviews, MarketplaceError } from '../marketplaces';
import { FileRefused, openRecords } from '../read';
import type { ParsedReview, RowError } from '../shared/row';
import type { ImportInput, ImportOutcome } from '../workflows/messages';
import { productResolver } from './products';
import { runQuestionsFile } from './questions';
import { QUESTIONS_FORMAT } from '../formats/questions';
import { writeBatch, type BatchContext } from './write-batch';
import { oneAttemptAtATime, stopIfCancelled } from './attempts';

export const BATCH_ROWS = 250;
export const NOTHING_IMPORTED = 'Import failed, 0 review imported';

export const importsDir = (dataDir: string) => path.join(dataDir, 'imports');
const refuse = (message: string) => ApplicationFailure.create({ type: 'ImportRefused', message, nonRetryable: true });

async function load(services: KernelServices, input: ImportInput) {
  const tenant = services.tenant(input.shopId, input.shopDomain);
  const run = await importById(tenant, input.importId);
  if (!run) throw refuse('The import is gone');
  return { tenant, run };
}

/** The rows with a file's refusal (a row over the size limit...) made final: a retry reads the same bytes. */
async function* refusing<T>(rows: AsyncGenerator<T>): AsyncGenerator<T> {
  try {
    yield* rows;
  } catch (err) {
    throw err instanceof FileRefused ? refuse(err.message) : err;
  }
}

// the count reads every row before the run writes any, so a file refused at row 90,000 imports nothing
async function records(services: KernelServices, run: ImportRow) {
  const opened = await openRecords(path.join(importsDir(services.config.dataDir), run.storedFile!), run.kind!).catch((err: Error) => {
    throw refuse(err instanceof FileRefused ? err.message : NOTHING_IMPORTED);
  });
  if (!opened) throw refuse(NOTHING_IMPORTED);
  return { ...opened, records: refusing(opened.records) };
}

export async function countRows(services: KernelServices, input: ImportInput) {
  const { tenant, run } = await load(services, input);
  if (run.source !== 'file') return;
  let total = 0;
  for await (const _ of (await records(services, run)).records) total++;
  await updateImport(tenant, run.id, { total, status: 'running', startedAt: run.startedAt ?? new Date() });
}

export async function runImport(services: KernelServices, input: ImportInput) {
  return oneAttemptAtATime(services.knex, input.importId, () => runAttempt(services, input));
}

async function runAttempt(services: KernelServices, input: ImportInput) {
  const { tenant, run } = await load(services, input);
  if (run.status !== 'running' && run.status !== 'uploaded') return;
  // a Q&A file goes to the questions plugin (activities/questions.ts)
  if (run.source === 'file' && run.format === QUESTIONS_FORMAT.id) return runQuestionsFile(services, tenant, run, await records(services, run), BATCH_ROWS);
  const ctx: BatchContext = {
    services,
    tenant,
    products: productResolver(services, input.shopDomain),
    mapping: run.mapping ?? {},
    room: (run.runLimit ?? Infinity) - run.imported,
  };
  const flush: Flush = async (parsed, errors, counts) => {
    stopIfCancelled();
    const result = await writeBatch(ctx, parsed);
    ctx.room -= result.imported;
    await addErrors(
      tenant,
      run.id,
      [...errors, ...result.errors].sort((a, b) => a.line - b.line),
    );
    await addProgress(services.knex, tenant, run.id, {
      processed: counts.processed,
      imported: result.imported,
      skipped: result.skipped,
      failed: result.failed + counts.refused,
      photosFailed: result.photosFailed,
      resumeLine: counts.nextLine,
      limited: result.limited,
    });
    Context.current().heartbeat(counts.nextLine);
  };
  if (run.source === 'file') await runFile(services, run, ctx, flush);
  else await runMarketplace(services, run, ctx, flush);
}

/** Writes a batch and records its counts; `refused`: rows the mapping already refused; `nextLine`: where a retry resumes. */
type Flush = (parsed: ParsedReview[], errors: RowError[], counts: { processed: number; refused: number; nextLine: number }) => Promise<void>;

async function runFile(services: KernelServices, run: ImportRow, ctx: BatchContext, flush: Flush) {
  const format = FORMATS.find((f) => f.id === run.format);
  if (!format) throw refuse(`Unknown format ${run.format}`);
  // a retried run: the rows from the stored position are written again, their errors too
  await clearErrorsFrom(ctx.tenant, run.id, run.resumeLine);
  let parsed: ParsedReview[] = [];
  let errors: RowError[] = [];
  let processed = 0;
  let refused = 0;
  for await (const { line, record } of (await records(services, run)).records) {
    if (line < run.resumeLine) continue;
    const result = toParsedReview(record, line, format, ctx.mapping);
    if ('errors' in result) {
      errors.push(...result.errors);
      refused++;
    } else {
      parsed.push(result.review);
      errors.push(...result.warnings);
    }
    if (++processed === BATCH_ROWS) {
      await flush(parsed, errors, { processed, refused, nextLine: line + 1 });
      [parsed, errors, processed, refused] = [[], [], 0, 0];
    }
  }
  if (processed) await flush(parsed, errors, { processed, refused, nextLine: 2 ** 31 - 1 });
}

async function runMarketplace(services: KernelServices, run: ImportRow, ctx: BatchContext, flush: Flush) {
  const o = run.options as { url: string; productId: string; maxReviews: number; stars: number[]; withPhotos: boolean; country?: string | null };
  const [product] = await ctx.products.resolve([{ id: o.productId }]);
  if (!product) throw refuse('The store has no such product');
  ctx.product = product;
  const found = await fetchMarketplaceReviews(
    { url: o.url, maxReviews: o.maxReviews, stars: o.stars, withPhotos: o.withPhotos, country: o.country ?? undefined },
    { baseUrl: services.config.marketplaceBaseUrl, production: services.config.env === 'production' },
  ).catch(async (err: Error) => {
    if (err instanceof MarketplaceError && !err.retryable) throw refuse(err.message);
    // a bot check or an outage passes with time: the activity's policy retries, the banner says why meanwhile
    await updateImport(ctx.tenant, run.id, { error: `${err.message} (retrying)` });
    throw err;
  });
  await updateImport(ctx.tenant, run.id, { total: found.length, error: null });
  for (let i = run.resumeLine; i < found.length; i += BATCH_ROWS) {
    const batch = found.slice(i, i + BATCH_ROWS);
    await flush(batch, [], { processed: batch.length, refused: 0, nextLine: i + BATCH_ROWS });
  }
}

export async function finishImport(services: KernelServices, input: ImportInput, error: string | null): Promise<ImportOutcome> {
  const { tenant, run } = await load(services, input);
  const nothing = run.imported === 0 && run.skipped === 0;
  const failure = error ?? (nothing ? NOTHING_IMPORTED : null);
  await updateImport(tenant, run.id, { status: failure ? 'failed' : 'completed', error: failure, finishedAt: new Date(), storedFile: null });
  if (run.storedFile) await fs.rm(path.join(importsDir(services.config.dataDir), run.storedFile), { force: true });
  return { status: failure ? 'failed' : 'completed', imported: run.imported, skipped: run.skipped, failed: run.failed, error: failure };
}
