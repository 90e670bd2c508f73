// The file's first rows as read, so the merchant sees which column holds what.
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ImportFile } from './api';

/** A preview row's cell under a header, whether the API sends records or cell lists. */
export function cellOf(file: ImportFile, row: ImportFile['preview'][number], header: string): string {
  return Array.isArray(row) ? (row[file.headers.indexOf(header)] ?? '') : (row[header] ?? '');
}

const short = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

export function PreviewTable({ file }: { file: ImportFile }) {
  const translate = useTranslate();
  if (!file.preview.length) return null;
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {translate('imports:mapping.preview', { smart_count: file.preview.length })}
      </Typography>
      <Box sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={translate('imports:mapping.preview', { smart_count: file.preview.length })} data-testid="preview-table">
          <TableHead>
            <TableRow>
              {file.headers.map((h) => (
                <TableCell key={h} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {file.preview.map((row, i) => (
              <TableRow key={i}>
                {file.headers.map((h) => (
                  <TableCell key={h} sx={{ minWidth: 140, maxWidth: 280, verticalAlign: 'top', wordBreak: 'break-word' }}>
                    {short(cellOf(file, row, h))}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
