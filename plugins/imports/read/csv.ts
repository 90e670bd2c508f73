// CSV (and TSV, semicolon or pipe separated) read as a stream: the delimiter is the one the header
// line uses most outside quotes; csv-parse handles quotes, new lines in quotes, CRLF and the BOM.
import fs from 'node:fs';
import { CsvError, parse } from 'csv-parse';
import { FileRefused } from './sniff';

/** The most text one row may hold: a review with its reply and photo links is a few KB. */
export const MAX_ROW_CHARS = 1_000_000;
export const rowTooLarge = (row: number) =>
  `row ${row} holds more than ${MAX_ROW_CHARS.toLocaleString('en')} characters, the most one row may hold: shorten it (or close its quotes) and upload the file again`;

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The header line's most used delimiter outside double quotes (comma when none). */
export function detectDelimiter(firstLine: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  return [...counts].reduce((best, c) => (c[1] > best[1] ? c : best), [',', 0])[0];
}

async function firstLine(file: string): Promise<string> {
  const stream = fs.createReadStream(file, { encoding: 'utf8', start: 0, end: 64 * 1024 });
  let text = '';
  for await (const chunk of stream) {
    text += chunk;
    if (/[\r\n]/.test(text)) break;
  }
  stream.destroy();
  return text.replace(/^\uFEFF/, '').split(/\r?\n|\r/)[0];
}

/** csv-parse's refusal as the merchant's message, naming the row (`records`: the rows read before it). */
function refusal(err: CsvError): FileRefused {
  const row = Number(err.records ?? 0) + 1;
  if (err.code === 'CSV_MAX_RECORD_SIZE') return new FileRefused(rowTooLarge(row));
  return new FileRefused(`file type not valid: row ${row} could not be read (${err.message})`);
}

/** Every row as an array of cells with its spreadsheet row number (the header is row 1); FileRefused for an unreadable row. */
export async function* csvRows(file: string): AsyncGenerator<{ line: number; cells: string[] }> {
  const delimiter = detectDelimiter(await firstLine(file));
  const source = fs.createReadStream(file);
  const parser = source.pipe(
    parse({ bom: true, delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true, max_record_size: MAX_ROW_CHARS }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { records: number } }>) {
      // the record's number, as a spreadsheet shows it: a quoted new line does not start a row
      yield { line: info.records, cells: record };
    }
  } catch (err) {
    throw err instanceof CsvError ? refusal(err) : err;
  } finally {
    source.destroy();
  }
}
