// XLSX read as a stream (exceljs' WorkbookReader): the first worksheet's rows one at a time, shared
// strings cached once, styles and hyperlinks ignored, so a 25 MB workbook never sits in memory as
// objects. Cells become the text a CSV of the same sheet would hold.
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
    for await (const row of sheetRows(file)) {
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

async function* sheetRows(file: string): AsyncGenerator<{ line: number; cells: string[] }> {
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
      const values = row.values as ExcelJS.CellValue[]; // 1-based, index 0 unused
      const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1]).trim());
      if (cells.some((c) => c !== '')) yield { line: row.number, cells };
    }
    return; // the first worksheet only
  }
}
