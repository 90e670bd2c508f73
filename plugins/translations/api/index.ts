// /api/translations/labels/:language: the merchant's widget labels in one storefront language.
//   GET                 every label with its default, the merchant's text and its maximum length
//   PUT                 { labels: { key: text } }: the whole language ('' is the default)
//   DELETE              the language back to its defaults; DELETE .../:key one label
//   GET .../export.csv  the labels for a translator; POST .../import the file back (text/csv or { csv })
import Router from '@koa/router';
import createHttpError from 'http-errors';
import type { Context } from 'koa';
import { type AppState, defineApiPlugin, type KernelServices } from '@plaudit/kernel';
import { type LabelRow, labelsInput, maxima } from '../shared/labels';
import { labelsCsv, readLabelsCsv } from './csv';
import { labelStore, storefrontCatalog } from './label-store';
import { reviewTranslationRoutes } from './review-routes';
import { bulkRoutes } from './bulk-routes';
import { ensureDetectionSchedule } from '../review-text/detection-schedule';

const MAX_CSV_BYTES = 1024 * 1024;

async function rawText(ctx: Context): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_CSV_BYTES) throw createHttpError(413, 'The file is larger than 1 MB');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function labelRoutes(services: KernelServices) {
  const store = labelStore(services.settings);
  const router = new Router<AppState>({ prefix: '/translations/labels' });
  let max: Record<string, number> | undefined;

  /** The language of the path with its defaults; 404 for a language the storefront has no catalog for. */
  const languageOf = (ctx: { params: { language?: string } }) => {
    const catalog = storefrontCatalog(services);
    const lang = ctx.params.language ?? '';
    const defaults = catalog?.languages().includes(lang) ? catalog.defaults(lang) : undefined;
    if (!catalog || !defaults) throw createHttpError(404, 'Unknown storefront language');
    max ??= maxima(catalog);
    return { lang, defaults, max, languages: catalog.languages() };
  };

  const rowsOf = async (shopId: number, lang: string, defaults: Record<string, string>, limits: Record<string, number>): Promise<LabelRow[]> => {
    const own = await store.get(shopId, lang);
    return Object.entries(defaults).map(([key, text]) => ({ key, default: text, text: own[key] ?? null, max: limits[key] }));
  };

  const answer = async (ctx: Context & { state: AppState; params: Record<string, string> }) => {
    const { lang, defaults, max: limits, languages } = languageOf(ctx);
    ctx.body = { language: lang, languages, labels: await rowsOf(ctx.state.auth.shopId, lang, defaults, limits) };
  };

  router.get('/:language', answer);

  router.put('/:language', async (ctx) => {
    const { lang, defaults, max: limits } = languageOf(ctx);
    const { labels } = labelsInput(defaults, limits).parse(ctx.request.body ?? {});
    await store.set(ctx.state.auth.shopId, lang, labels, true);
    await answer(ctx);
  });

  router.delete('/:language', async (ctx) => {
    const { lang } = languageOf(ctx);
    await store.set(ctx.state.auth.shopId, lang, {}, true);
    await answer(ctx);
  });

  router.get('/:language/export.csv', async (ctx) => {
    const { lang, defaults, max: limits } = languageOf(ctx);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(`plaudit-labels-${lang}.csv`);
    ctx.body = labelsCsv(await rowsOf(ctx.state.auth.shopId, lang, defaults, limits));
  });

  router.post('/:language/import', async (ctx) => {
    const { lang, defaults, max: limits } = languageOf(ctx);
    const body = ctx.request.body as { csv?: unknown } | undefined;
    const csv = ctx.is('text/csv', 'text/plain') ? await rawText(ctx) : body?.csv;
    if (typeof csv !== 'string' || !csv.trim()) throw createHttpError(400, 'Validation failed', { errors: { csv: 'This field is required' } });
    const read = readLabelsCsv(csv, await rowsOf(ctx.state.auth.shopId, lang, defaults, limits));
    if ('errors' in read) {
      ctx.status = 400;
      ctx.body = { success: false, message: 'Validation failed', rows: read.errors };
      return;
    }
    await store.set(ctx.state.auth.shopId, lang, read.texts, false);
    await answer(ctx);
  });

  router.delete('/:language/:key', async (ctx) => {
    const { lang, defaults } = languageOf(ctx);
    if (!(ctx.params.key in defaults)) throw createHttpError(404, 'Unknown label');
    await store.set(ctx.state.auth.shopId, lang, { [ctx.params.key]: '' }, false);
    await answer(ctx);
  });

  return router;
}

export default defineApiPlugin({
  id: 'translations',
  // imported reviews' languages, detected in batches (review-text/detect-batch.ts)
  onStart: ensureDetectionSchedule,
  routes: (services) => {
    // one router: the labels' and the review translations' (each with its own prefix) side by side
    const router = new Router<AppState>();
    for (const part of [labelRoutes(services), reviewTranslationRoutes(services), bulkRoutes(services)]) router.use(part.routes(), part.allowedMethods());
    return router;
  },
});
