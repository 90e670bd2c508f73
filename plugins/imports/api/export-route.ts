// GET /api/imports/export (API.md): the shop's reviews (or, with content=questions, its questions and
// answers; with content=groups, its product groups) as a file, streamed. The query is checked and
// the first batch read before anything is sent, so bad input is a 400 with the field's message and a
// failure at that point is 'Failed to export reviews' (503 with Retry-After when the database is
// away); once the file has started, a failure aborts the download (the browser shows it failed)
// and is logged: a status can no longer be sent.
import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { type ApiServices, type AppState, unavailableDependency } from '@plaudit/kernel';
import { EXPORT_MESSAGES, ExportFailedError, exportFileName, exportQuery, filtersOf, openExport, type OpenedExport } from '../export';
import { ReviewExport } from '@plaudit/contracts/reviews';
import { ReviewQuestions } from '@plaudit/contracts/review-questions';
import { openQuestionsExport } from '../export/questions';
import { QuestionsExport } from '@plaudit/contracts/questions';
import { ProductGroups } from '@plaudit/contracts/product-groups';
import { openGroupsExport } from '../export/groups';

/** Seconds a client waits before trying again after a 503 (the kernel's own answer says 5). */
const RETRY_AFTER_SECONDS = 5;

function failed(err: unknown) {
  if (unavailableDependency(err)) {
    return createHttpError(503, EXPORT_MESSAGES.failed, {
      code: 'DEPENDENCY_UNAVAILABLE',
      expose: true,
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    });
  }
  return createHttpError(500, EXPORT_MESSAGES.failed, { code: 'EXPORT_FAILED', expose: true });
}

export function exportRoutes(services: ApiServices): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/imports' });

  router.get('/export', async (ctx) => {
    const query = exportQuery.parse(ctx.query);
    const { tenant } = ctx.state;
    const log = ctx.state.log.child({ shopId: tenant.shopId, content: query.content, format: query.format, type: query.type });
    // `needs: optional`: without the reviews (or questions) plugin there is nothing to export
    const missing = () => createHttpError(503, EXPORT_MESSAGES.failed, { code: 'CAPABILITY_MISSING', expose: true });
    let opened: OpenedExport;
    try {
      if (query.content === 'groups') {
        const groups = services.capabilities.get(ProductGroups);
        if (!groups) throw missing();
        opened = await openGroupsExport(groups, tenant);
      } else if (query.content === 'questions') {
        const questions = services.capabilities.get(QuestionsExport);
        if (!questions) throw missing();
        opened = await openQuestionsExport(questions, tenant);
      } else {
        const reviews = services.capabilities.get(ReviewExport);
        if (!reviews) throw missing();
        // a long read that may lag a moment: from the replica when there is one (its later batches too)
        opened = await services.reads.read(tenant, (onReplica) =>
          openExport(reviews, onReplica, {
            format: query.format,
            type: query.type,
            filters: filtersOf(query),
            mediaBase: services.config.appUrl,
            answers: services.capabilities.get(ReviewQuestions),
            groups: services.capabilities.get(ProductGroups),
          }),
        );
      }
    } catch (err) {
      if (createHttpError.isHttpError(err)) throw err;
      log.error({ err: err instanceof ExportFailedError ? err.cause : err }, 'export failed before its first byte');
      throw failed(err);
    }
    const body = new PassThrough();
    ctx.status = 200;
    ctx.attachment(exportFileName(tenant.shopDomain, query.type, new Date(), query.content));
    ctx.type = opened.contentType;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
    const started = Date.now();
    // Koa pipes `body` into the response: destroying it with an error ends the response mid-file
    opened.write(body).then(
      () => log.info({ ms: Date.now() - started }, `${query.content} exported`),
      (err: Error) => {
        log.error({ err }, 'export failed while streaming; the download was aborted');
        body.destroy(err);
      },
    );
  });

  return router;
}
