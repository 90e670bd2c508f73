// CSV (and TSV, semicolon or pipe separated) read as a stream: the delimiter is the one the header
// line uses most outside quotes; csv-parse handles quotes, new lines in quotes, CRLF and the BOM.
import fs from 'node:fs';
import { parse } from 'csv-parse';

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

/** Every row as an array of cells with its spreadsheet row number (the header is row 1). */
export async function* csvRows(file: string): AsyncGenerator<{ line: number; cells: string[] }> {
  const delimiter = detectDelimiter(await firstLine(file));
  const parser = fs
    .createReadStream(file)
    .pipe(parse({ bom: true, delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true, max_record_size: 1_000_000 }));
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { records: number } }>) {
    // the record's number, as a spreadsheet shows it: a quoted new line does not start a row
    yield { line: info.records, cells: record };
  }
}
