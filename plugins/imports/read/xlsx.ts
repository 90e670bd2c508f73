// XLSX read as a stream (exceljs' WorkbookReader): the first worksheet's rows one at a time, shared
// strings cached once, styles and hyperlinks ignored, so a 25 MB workbook never sits in memory as
// objects. Cells become the text a CSV of the same sheet would hold.
import fs from 'node:fs';
import type ExcelJS from 'exceljs';
import { MAX_ROW_CHARS, rowTooLarge } from './csv';
import { FileRefused } from './sniff';
import { checkZipLimits } from './zip';

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value) return String(value.text); // hyperlink
  if ('result' in value) return value.result === undefined ? '' : cellText(value.result as ExcelJS.CellValue); // formula
  if ('error' in value) return '';
  return String(value);
}

/** Every non-empty row of the first worksheet as cells, with its row number (the header is row 1); FileRefused for a hostile or unreadable file. */
export async function* xlsxRows(file: string): AsyncGenerator<{ line: number; cells: string[] }> {
  await checkZipLimits(file);
  let line = 0;
  try {
    for await (const row of firstSheetRows(file)) {
      line = row.line;
      if (row.cells.reduce((n, c) => n + c.length, 0) > MAX_ROW_CHARS) throw new FileRefused(rowTooLarge(row.line));
      yield row;
    }
  } catch (err) {
    if (err instanceof FileRefused) throw err;
    // exceljs' own errors (a damaged part, a malformed sheet) are the file's fault, not ours
    throw new FileRefused(`file type not valid: the Excel file could not be read after row ${line} (${(err as Error).message})`);
  }
}

/**
 * exceljs 4.4's streaming reader can fail before its first row on a sound workbook with "reading
 * 'sheets'": it reached the sheet without the workbook part read (every time when the shared strings
 * come before the sheet and the workbook part after it; once in CI on a file exceljs wrote itself).
 * A small file is then read whole, a path without that flaw; a damaged one fails there too.
 */
export const WHOLE_READ_MAX_BYTES = 8 * 1024 * 1024;

async function* firstSheetRows(file: string): AsyncGenerator<{ line: number; cells: string[] }> {
  let rows = 0;
  try {
    for await (const row of streamedRows(file)) {
      rows++;
      yield row;
    }
  } catch (err) {
    if (rows > 0 || err instanceof FileRefused || (await fs.promises.stat(file)).size > WHOLE_READ_MAX_BYTES) throw err;
    yield* wholeRows(file);
  }
}

async function* wholeRows(file: string): AsyncGenerator<{ line: number; cells: string[] }> {
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const rows: { line: number; cells: string[] }[] = [];
  sheet.eachRow((row) => {
    const cells = rowCells(row);
    if (cells.some((c) => c !== '')) rows.push({ line: row.number, cells });
  });
  yield* rows;
}

function rowCells(row: ExcelJS.Row): string[] {
  const values = row.values as ExcelJS.CellValue[]; // 1-based, index 0 unused
  return Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1]).trim());
}

async function* streamedRows(file: string): AsyncGenerator<{ line: number; cells: string[] }> {
  // loaded on first use: exceljs holds about 9 MB of heap that an idle process need not
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const cells = rowCells(row);
      if (cells.some((c) => c !== '')) yield { line: row.number, cells };
    }
    return; // the first worksheet only
  }
}
