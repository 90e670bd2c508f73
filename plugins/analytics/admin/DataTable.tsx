// A chart's table view: the same rows the chart draws and the CSV holds, formatted for reading.
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { Cell, CsvColumn, Row } from './csv';

export interface TableColumn extends CsvColumn {
  /** how the table shows the raw value (the CSV keeps it raw) */
  format?: (value: Cell, row: Row) => string;
  /** right-aligned */
  numeric?: boolean;
}

export const cellText = (column: TableColumn, row: Row) => {
  const value = row[column.key] ?? null;
  return column.format ? column.format(value, row) : value === null ? '' : String(value);
};

export function DataTable({ label, columns, rows }: { label: string; columns: TableColumn[]; rows: Row[] }) {
  return (
    // scrollable on a phone, and focusable so the keyboard can scroll it
    <Box role="region" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={i}>
              {columns.map((c, j) => (
                <TableCell
                  key={c.key}
                  align={c.numeric ? 'right' : 'left'}
                  component={j === 0 ? 'th' : 'td'}
                  scope={j === 0 ? 'row' : undefined}
                  sx={{ whiteSpace: c.numeric ? 'nowrap' : undefined }}
                >
                  {cellText(c, row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
