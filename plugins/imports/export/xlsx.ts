// XLSX export, streamed: exceljs' WorkbookWriter zips each row as it is committed, so the workbook
// never sits in memory; inline strings (no shared-strings table to keep) and no styles. Between
// batches the writer waits while the download is behind, so a slow client does not fill memory.
// Text cells are strings, never formulas, so they need no quote prefix here.
import { PassThrough, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ExportedReview } from '@plaudit/contracts/reviews';
import type { Layout } from './columns';

const WIDTHS: Record<string, number> = { content: 60, body: 60, replyContent: 40, reply: 40, media: 40, picture_urls: 40, title: 30, productTitle: 30 };

/** Resolves when `stream` has room again; rejects when it closes or fails first. */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      stream.off('drain', onDrain).off('close', onClose).off('error', done);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('The download was closed'));
    stream.on('drain', onDrain).on('close', onClose).on('error', done);
  });
}

export async function writeXlsx(layout: Layout, batches: AsyncIterable<ExportedReview[]>, out: Writable): Promise<void> {
  // the zip goes through a stream of ours, so a failed or closed download stops the export here
  const zipped = new PassThrough();
  let broken: Error | undefined;
  const piped = pipeline(zipped, out).catch((err: Error) => {
    broken = err;
  });
  // loaded on first use: exceljs holds about 9 MB of heap that an idle process need not
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: zipped, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('Reviews', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = layout.headers.map((h) => ({ header: h, key: h, width: WIDTHS[h] ?? 16 }));
  try {
    for await (const batch of batches) {
      for (const r of batch) sheet.addRow(layout.row(r)).commit();
      if (broken) throw broken;
      if (zipped.writableNeedDrain) await drained(zipped);
    }
    sheet.commit();
    await workbook.commit();
    await piped;
    if (broken) throw broken;
  } catch (err) {
    zipped.destroy(err as Error);
    out.destroy(err as Error);
    throw err;
  }
}
