import { render, screen, within } from '@testing-library/react';
import { chartCsv, type Row } from './csv';
import { DataTable, type TableColumn } from './DataTable';

/** RFC 4180 reader, enough to read back what chartCsv writes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(field), rows.push(row), (row = []), (field = ''), i++;
    else field += c;
  }
  return rows;
}

const columns: TableColumn[] = [
  { key: 'product', label: 'Product, name' },
  { key: 'reviews', label: 'Reviews', numeric: true, format: (v) => new Intl.NumberFormat('de').format(v as number) },
  { key: 'average', label: 'Average "stars"', numeric: true, format: (v) => (v === null ? 'n/a' : (v as number).toFixed(1)) },
];
const rows: Row[] = [
  { product: 'Mug, "large"', reviews: 1200, average: 4.25 },
  { product: 'Tote\nbag', reviews: 3, average: null },
  { product: '=HYPERLINK("http://evil")', reviews: 5, average: 1 },
  { product: '+1 sock', reviews: -2, average: 2 },
  { product: '@home', reviews: 0, average: 3 },
  { product: '-minus', reviews: 7, average: 5 },
];

test('the CSV holds the table rows: the same columns, the same values, raw', () => {
  render(<DataTable label="Best rated products" columns={columns} rows={rows} />);
  const table = screen.getByRole('table', { name: 'Best rated products' });
  const shown = within(table)
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
  const csv = parseCsv(chartCsv(columns, rows));

  expect(csv[0]).toEqual(shown[0]);
  expect(csv).toHaveLength(rows.length + 1);
  csv.slice(1).forEach((line, i) => {
    // the table shows each raw CSV value through its column's format
    expect(shown[i + 1]).toEqual(
      columns.map((c, j) =>
        c.format ? c.format(line[j] === '' ? null : c.numeric ? Number(line[j]) : line[j], rows[i]) : line[j].replace(/^'(?=[=+\-@])/, ''),
      ),
    );
  });
});

test('commas, quotes and line breaks are quoted; a text cell that a spreadsheet would run as a formula is defused', () => {
  const csv = chartCsv(columns, rows);
  expect(csv.split('\r\n')[0]).toBe('"Product, name",Reviews,"Average ""stars"""');
  expect(csv).toContain('"Mug, ""large""",1200,4.25\r\n');
  expect(csv).toContain('"Tote\nbag",3,\r\n');
  expect(csv).toContain(`"'=HYPERLINK(""http://evil"")",5,1\r\n`);
  expect(csv).toContain("'+1 sock,-2,2\r\n");
  expect(csv).toContain("'@home,0,3\r\n");
  expect(csv).toContain("'-minus,7,5\r\n");
  expect(csv.endsWith('\r\n')).toBe(true);
  expect(parseCsv(csv)[2]).toEqual(['Tote\nbag', '3', '']);
});
