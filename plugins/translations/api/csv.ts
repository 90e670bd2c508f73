// The labels of one language as a CSV for translators: columns key, default, text (the merchant's
// text, empty for the default). The language is in the file name (plaudit-labels-<lang>.csv). An
// import checks every row before anything is stored: a file with one bad row changes nothing, and
// the answer names each bad row (its line in the file) and why.
import { neutraliseFormula, restoreFormula } from '@plaudit/kernel';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { labelProblem, type LabelProblem, type LabelRow, problemMessage } from '../shared/labels';

export const CSV_COLUMNS = ['key', 'default', 'text'] as const;

export function labelsCsv(rows: LabelRow[]): string {
  // the BOM makes spreadsheet programs read the file as UTF-8 (Japanese, Hindi...)
  return stringify(
    rows.map((r) => [r.key, r.default, r.text ?? '']),
    // a text that starts like a formula gets a quote, dropped again when the file comes back
    { header: true, columns: [...CSV_COLUMNS], bom: true, cast: { string: (s) => neutraliseFormula(s) } },
  );
}

export interface RowError {
  /** the line in the file (the header is line 1) */
  line: number;
  key: string;
  field: 'key' | 'text' | '_';
  message: string;
  /** the problem of a label row, for the screen to word in the merchant's language */
  problem?: LabelProblem;
}

const fileError = (line: number, problem: LabelProblem): RowError => ({ line, key: '', field: '_', message: problemMessage(problem), problem });
const rowError = (line: number, key: string, field: 'key' | 'text', problem: LabelProblem): RowError => ({
  line,
  key,
  field,
  message: problemMessage(problem),
  problem,
});

/** The file's texts by key, or the errors of its rows. */
export function readLabelsCsv(csv: string, rows: LabelRow[]): { texts: Record<string, string> } | { errors: RowError[] } {
  let records: string[][];
  try {
    records = parse(csv.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: true, trim: false });
  } catch {
    return { errors: [fileError(0, { code: 'not_csv' })] };
  }
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  const keyAt = header.indexOf('key');
  const textAt = header.indexOf('text');
  if (keyAt < 0 || textAt < 0) return { errors: [fileError(1, { code: 'header' })] };
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const texts: Record<string, string> = {};
  const errors: RowError[] = [];
  records.slice(1).forEach((record, i) => {
    const line = i + 2;
    const key = (record[keyAt] ?? '').trim();
    const text = restoreFormula((record[textAt] ?? '').trim());
    const row = byKey.get(key);
    if (!key) return void errors.push(rowError(line, key, 'key', { code: 'required' }));
    if (!row) return void errors.push(rowError(line, key, 'key', { code: 'unknown' }));
    if (key in texts) return void errors.push(rowError(line, key, 'key', { code: 'duplicate' }));
    const problem = text === '' ? undefined : labelProblem(text, row.default, row.max);
    if (problem) return void errors.push(rowError(line, key, 'text', problem));
    texts[key] = text;
  });
  return errors.length ? { errors } : { texts };
}
