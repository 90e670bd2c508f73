// A sound workbook whose parts come in an order exceljs' streaming reader cannot take (the shared
// strings before the sheet, the workbook part after it: it then reads the sheet without the workbook
// and throws "reading 'sheets'", as CI met once) is still read, whole; a damaged one is still refused.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { xlsxRows } from '../read/xlsx';

interface Zip {
  file(name: string): { async(kind: 'nodebuffer'): Promise<Buffer> } | null;
  file(name: string, data: Buffer): Zip;
  files: Record<string, { dir: boolean }>;
  generateAsync(options: { type: 'nodebuffer'; compression: 'DEFLATE' }): Promise<Buffer>;
}
// the zip writer exceljs itself writes with (a dependency of exceljs)
const JSZip = createRequire(require.resolve('exceljs'))('jszip') as { loadAsync(data: Buffer): Promise<Zip>; new (): Zip };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-xlsx-order-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Reviews');
  sheet.addRow(['product_handle', 'rating', 'body']);
  for (let i = 1; i <= 3; i++) sheet.addRow(['linen-tote-bag', i + 2, `Text ${i}`]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The same parts written again with `first` leading and `last` at the end. */
async function reordered(bytes: Buffer, first: string[], last: string[]): Promise<Buffer> {
  const source = await JSZip.loadAsync(bytes);
  const names = Object.keys(source.files).filter((n) => !source.files[n].dir);
  const middle = names.filter((n) => !first.includes(n) && !last.includes(n));
  const out = new JSZip();
  for (const name of [...first, ...middle, ...last]) out.file(name, await source.file(name)!.async('nodebuffer'));
  return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function rowsOf(bytes: Buffer, name: string) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  const rows: { line: number; cells: string[] }[] = [];
  for await (const row of xlsxRows(file)) rows.push(row);
  return rows;
}

test('the workbook part after the sheet: read whole, every row', async () => {
  const bytes = await reordered(await workbook(), ['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml'], ['xl/workbook.xml']);
  const rows = await rowsOf(bytes, 'late-workbook.xlsx');
  expect(rows.map((r) => r.line)).toEqual([1, 2, 3, 4]);
  expect(rows[0].cells).toEqual(['product_handle', 'rating', 'body']);
  expect(rows[3].cells).toEqual(['linen-tote-bag', '5', 'Text 3']);
});

test('the usual order streams the same rows', async () => {
  const rows = await rowsOf(await workbook(), 'usual.xlsx');
  expect(rows.map((r) => r.cells[2])).toEqual(['body', 'Text 1', 'Text 2', 'Text 3']);
});

test('a workbook without its workbook part is refused with the file error', async () => {
  const source = await JSZip.loadAsync(await workbook());
  const out = new JSZip();
  for (const name of Object.keys(source.files).filter((n) => n !== 'xl/workbook.xml' && !source.files[n].dir))
    out.file(name, await source.file(name)!.async('nodebuffer'));
  await expect(rowsOf(await out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }), 'no-workbook.xlsx')).rejects.toThrow(
    /file type not valid: the Excel file could not be read/,
  );
});
