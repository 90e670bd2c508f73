// CSV export, streamed: rows go through csv-stringify as they are read, with the writer's
// backpressure (a slow download slows the reading, it does not fill memory). UTF-8 with a BOM so a
// spreadsheet opens it as UTF-8, CRLF line ends (RFC 4180), fields with quotes, commas or new lines
// (LF or CR alone too) quoted. A text cell that a spreadsheet would run as a formula (it starts with
// = + - @, a tab or CR, or their full-width forms) is prefixed with a quote by the kernel's
// `neutraliseFormula`, as every export does; our import drops that quote again (EXPORT.md).
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { neutraliseFormula } from '@plaudit/kernel';
import { stringify } from 'csv-stringify';
import type { ExportedReview } from '@plaudit/contracts/reviews';
import type { Cell, Layout } from './columns';

export async function writeCsv<T = ExportedReview>(layout: Layout<T>, batches: AsyncIterable<T[]>, out: Writable): Promise<void> {
  async function* records(): AsyncGenerator<Cell[]> {
    yield [...layout.headers];
    for await (const batch of batches) {
      for (const r of batch) yield layout.row(r);
    }
  }
  await pipeline(
    Readable.from(records()),
    stringify({ bom: true, record_delimiter: 'windows', quote_record_delimiter: true, cast: { string: (s) => neutraliseFormula(s) } }),
    out,
  );
}
