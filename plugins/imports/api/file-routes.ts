// The file import's calls (API.md): upload (stored, sniffed by content, its header read and its
// format recognised), start with the merchant's mapping, and the error report.
import fs from 'node:fs/promises';
import Router, { type RouterContext } from '@koa/router';
import createHttpError from 'http-errors';
import { stringify } from 'csv-stringify';
import { z } from 'zod';
import { neutraliseFormula, type ApiServices, type AppState } from '@plaudit/kernel';
import { createImport, errorLines, importById, updateImport, type ImportRow } from '../db/imports';
import { checkMapping, defaultMapping, detectFormat, FORMATS, requiredFields, unmappedColumns } from '../formats';
import { FILE_TYPE_NOT_VALID, FileRefused, type FileRecords, openRecords, sniffFile, transcodeToUtf8 } from '../read';
import { FIELDS, type Mapping } from '../shared/row';
import { isQuestionsFile, missingQuestionColumns, QUESTIONS_FORMAT } from '../formats/questions';
import { importsDir, NOTHING_IMPORTED } from '../activities/run';
import { runLimitFor, runView, startRun } from './runs';
import { storeUpload } from './upload';

const PREVIEW_ROWS = 5;
const startBody = z
  .object({
    format: z.string().max(32),
    mapping: z.record(z.enum(FIELDS), z.string().max(1000).nullable()),
  })
  .strict();

/** A file's refusal as a 400 with the merchant's message (any other reader error: "file type not valid"). */
const refused = (err: Error) => {
  if (createHttpError.isHttpError(err)) return err;
  const message = err instanceof FileRefused ? err.message : FILE_TYPE_NOT_VALID;
  return createHttpError(400, message, { errors: { file: message } });
};

/** The header, a preview and the recognised format of a stored file (a Windows-1252 CSV re-encoded as UTF-8 first); 400 with the reason otherwise. */
async function inspect(file: string) {
  const { kind, encoding } = await sniffFile(file).catch((err: Error) => {
    throw refused(err);
  });
  await transcodeToUtf8(file, encoding);
  const opened = await openRecords(file, kind).catch((err: Error) => {
    throw refused(err);
  });
  if (!opened) throw createHttpError(400, NOTHING_IMPORTED, { errors: { file: NOTHING_IMPORTED } });
  const sampled = await sample(opened).catch((err: Error) => {
    throw refused(err);
  });
  return { kind, encoding, headers: opened.headers, ...sampled };
}

/** The first rows and the first values of every column, however far down: a column filled only on row 900 is named too. */
async function sample(opened: FileRecords) {
  const preview = [];
  const samples: Record<string, string[]> = Object.fromEntries(opened.headers.map((h) => [h, []]));
  let unsampled = opened.headers.length;
  for await (const { record } of opened.records) {
    if (preview.length < PREVIEW_ROWS) preview.push(record);
    for (const h of opened.headers) {
      const list = samples[h];
      if (list.length === PREVIEW_ROWS || !record[h]) continue;
      list.push(record[h]);
      if (list.length === PREVIEW_ROWS) unsampled--;
    }
    if (preview.length === PREVIEW_ROWS && !unsampled) break;
  }
  await opened.records.return(undefined);
  if (!preview.length) throw createHttpError(400, NOTHING_IMPORTED, { errors: { file: NOTHING_IMPORTED } });
  const sampleRows = Array.from({ length: PREVIEW_ROWS }, (_, i) => Object.fromEntries(opened.headers.map((h) => [h, samples[h][i] ?? ''])));
  return { preview, sampleRows };
}

/** Every format with the mapping it would give this file, so switching format in the mapping step re-maps. */
const formatList = (headers: string[], sampleRows: Record<string, string>[]) =>
  FORMATS.map((f) => {
    const mapping = defaultMapping(f, headers);
    return { id: f.id, label: f.label, mapping, required: requiredFields(f, mapping), unmapped: unmappedColumns(f, mapping, headers, sampleRows) };
  });

export function fileRoutes(services: ApiServices, router: Router<AppState>) {
  const dir = importsDir(services.config.dataDir);

  /** A Q&A file's start: its columns checked (no mapping); no per-run limit (that is the reviews' plan limit). */
  async function startQuestions(ctx: RouterContext<AppState>, run: ImportRow) {
    const { tenant } = ctx.state;
    if (run.format !== QUESTIONS_FORMAT.id) throw createHttpError(400, 'Validation failed', { errors: { format: 'The value is invalid' } });
    const problems = missingQuestionColumns(run.headers ?? []);
    if (problems.length) throw createHttpError(400, problems[0], { errors: Object.fromEntries(problems.map((p, i) => [`mapping.${i}`, p])) });
    await updateImport(tenant, run.id, { status: 'running', runLimit: null, startedAt: new Date() });
    await startRun(services, tenant, run);
    ctx.body = { success: true, data: runView((await importById(tenant, run.id))!) };
  }

  router.post('/files', async (ctx) => {
    const upload = await storeUpload(ctx.req, dir);
    try {
      const { kind, encoding, headers, preview, sampleRows } = await inspect(upload.path);
      // a Q&A file has one format and fixed columns: nothing to map
      const detected = isQuestionsFile(headers) ? null : detectFormat(headers);
      const format = detected?.format ?? QUESTIONS_FORMAT;
      const mapping: Mapping = detected?.mapping ?? Object.fromEntries(FIELDS.map((f) => [f, null]));
      const formats = detected ? formatList(headers, sampleRows) : [{ ...QUESTIONS_FORMAT, mapping, required: [], unmapped: [] }];
      const required = detected ? requiredFields(detected.format, mapping) : [];
      // columns with values that nothing reads: said before the import starts, never dropped unseen
      const unmapped = detected ? unmappedColumns(detected.format, mapping, headers, sampleRows) : [];
      const run = await createImport(ctx.state.tenant, {
        source: 'file',
        fileName: upload.fileName,
        storedFile: upload.storedFile,
        kind,
        format: format.id,
        headers,
        mapping,
      });
      ctx.status = 201;
      const limit = await runLimitFor(services, ctx.state.tenant.shopId);
      ctx.body = {
        success: true,
        data: { id: Number(run.id), fileName: run.fileName, kind, encoding, format: format.id, formats, headers, mapping, required, unmapped, limit, preview },
      };
    } catch (err) {
      await fs.rm(upload.path, { force: true });
      throw err;
    }
  });

  router.post('/:id/start', async (ctx) => {
    const { tenant } = ctx.state;
    const run = await importById(tenant, Number(ctx.params.id) || 0);
    if (!run || run.source !== 'file') throw createHttpError(404, 'Import not found');
    if (run.status !== 'uploaded') throw createHttpError(409, 'This import has already started', { code: 'IMPORT_STARTED' });
    const body = startBody.parse(ctx.request.body ?? {});
    if (body.format === QUESTIONS_FORMAT.id) return startQuestions(ctx, run);
    const format = FORMATS.find((f) => f.id === body.format);
    if (!format) throw createHttpError(400, 'Validation failed', { errors: { format: 'The value is invalid' } });
    const headers = run.headers ?? [];
    const mapping: Mapping = Object.fromEntries(Object.entries(body.mapping).map(([field, header]) => [field, header || null]));
    const unknown = Object.entries(mapping).find(([, h]) => h && !headers.includes(h));
    if (unknown) throw createHttpError(400, 'Validation failed', { errors: { [unknown[0]]: 'The value is invalid' } });
    const problems = checkMapping(format, mapping, headers);
    if (problems.length) throw createHttpError(400, problems[0], { errors: Object.fromEntries(problems.map((p, i) => [`mapping.${i}`, p])) });
    await updateImport(tenant, run.id, {
      format: format.id,
      mapping,
      status: 'running',
      runLimit: await runLimitFor(services, tenant.shopId),
      startedAt: new Date(),
    });
    await startRun(services, tenant, run);
    ctx.body = { success: true, data: runView((await importById(tenant, run.id))!) };
  });

  router.get('/:id/errors.csv', async (ctx) => {
    const { tenant } = ctx.state;
    const run = await importById(tenant, Number(ctx.params.id) || 0);
    if (!run) throw createHttpError(404, 'Import not found');
    // column names and reasons quote the uploaded file: no formula a spreadsheet would run
    const csv = stringify({ header: true, columns: ['line', 'column', 'reason'], bom: true, cast: { string: (s) => neutraliseFormula(s) } });
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(`import-${run.id}-errors.csv`);
    ctx.body = csv;
    void (async () => {
      for await (const rows of errorLines(tenant, run.id)) for (const r of rows) if (!csv.write(r)) await new Promise((ok) => csv.once('drain', ok));
      csv.end();
    })().catch((err: Error) => csv.destroy(err));
  });
}
