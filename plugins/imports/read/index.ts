// Any import file as records: the header row's names, then one record (header -> cell text) per row
// with its row number. Blank header cells are named by their column letter so a mapping can still
// point at them; repeated names get a suffix. A CSV cell our export escaped against formula injection
// (`'=...`) is read back without the quote, so a round trip keeps the text.
import { restoreFormula } from '@plaudit/kernel';
import type { SourceRecord } from '../shared/row';
import { csvRows } from './csv';
import type { FileKind } from './sniff';
import { xlsxRows } from './xlsx';

export { FILE_TYPE_NOT_VALID, FileRefused, sniffFile, type FileKind, type TextEncoding } from './sniff';
export { transcodeToUtf8 } from './transcode';

function columnName(i: number): string {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
    n = Math.floor((n - 1) / 26);
  }
  return `Column ${s}`;
}

export function headerNames(cells: string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((c, i) => {
    const name = c.trim() || columnName(i);
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
}

const rowsOf = (file: string, kind: FileKind) => (kind === 'xlsx' ? xlsxRows(file) : csvRows(file));

export interface FileRecords {
  headers: string[];
  records: AsyncGenerator<{ line: number; record: SourceRecord }>;
}

/** The headers (undefined when the file has no row at all) and a generator of the records after them. */
export async function openRecords(file: string, kind: FileKind): Promise<FileRecords | undefined> {
  const rows = rowsOf(file, kind);
  const first = await rows.next();
  if (first.done) return undefined;
  const headers = headerNames(first.value.cells);
  const text = (cell: string | undefined) => {
    const v = (cell ?? '').trim();
    return kind === 'csv' ? restoreFormula(v) : v;
  };
  async function* records() {
    for await (const { line, cells } of rows) {
      const record: SourceRecord = {};
      headers.forEach((h, i) => (record[h] = text(cells[i])));
      yield { line, record };
    }
  }
  return { headers, records: records() };
}
