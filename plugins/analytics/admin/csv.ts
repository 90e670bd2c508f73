// The CSV behind every chart's "Download CSV": the same columns and rows as its table view, raw
// values (days as yyyy-mm-dd, plain numbers) so a spreadsheet reads them as data.

export type Cell = string | number | null;
export type Row = Record<string, Cell>;
export interface CsvColumn {
  key: string;
  label: string;
}

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection): a product
// title is the merchant's customers' text, so text cells get a leading apostrophe.
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(value: Cell): string {
  if (value === null) return '';
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 text: a header line of the labels, then one line per row, CRLF between lines. */
export function chartCsv(columns: CsvColumn[], rows: Row[]): string {
  const lines = [columns.map((c) => csvField(c.label)), ...rows.map((row) => columns.map((c) => csvField(row[c.key] ?? null)))];
  return lines.map((fields) => fields.join(',')).join('\r\n') + '\r\n';
}

/** Saves the text as a file; the byte-order mark makes Excel read it as UTF-8. */
export function saveCsv(fileName: string, csv: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
