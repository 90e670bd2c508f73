// The shop's recent imports (GET /api/imports), newest first, each with its counts and error report.
import { Box, Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { ImportRun, RunStatus } from './api';
import { downloadErrorReport } from './download';
import { useNumber } from './RunBanner';

const COLOR: Record<RunStatus, 'default' | 'info' | 'success' | 'error'> = { uploaded: 'default', running: 'info', completed: 'success', failed: 'error' };
const NARROW = { display: { xs: 'none', sm: 'table-cell' } };

export function HistoryTable({ runs }: { runs: ImportRun[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const number = useNumber();
  const report = (run: ImportRun) => downloadErrorReport(run).catch(() => notify('imports:errors.report_failed', { type: 'error' }));
  return (
    <Box>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('imports:history.title')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('imports:history.title')} data-testid="import-history">
          <TableHead>
            <TableRow>
              <TableCell>{translate('imports:history.file')}</TableCell>
              <TableCell sx={NARROW}>{translate('imports:history.date')}</TableCell>
              <TableCell>{translate('imports:history.status')}</TableCell>
              <TableCell align="right">{translate('imports:result.imported')}</TableCell>
              <TableCell align="right" sx={NARROW}>
                {translate('imports:result.skipped')}
              </TableCell>
              <TableCell align="right" sx={NARROW}>
                {translate('imports:result.failed')}
              </TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {runs.map((run) => (
              <TableRow key={run.id} data-testid="history-row">
                <TableCell sx={{ maxWidth: 260, wordBreak: 'break-word' }}>
                  {run.fileName}
                  <Typography variant="caption" color="text.secondary" component="div">
                    {translate(`imports:history.source_${run.source}`)}
                  </Typography>
                </TableCell>
                <TableCell sx={{ ...NARROW, whiteSpace: 'nowrap' }}>{new Date(run.createdAt).toLocaleString()}</TableCell>
                <TableCell>
                  <Chip size="small" color={COLOR[run.status]} label={translate(`imports:status.${run.status}`)} />
                </TableCell>
                <TableCell align="right">{number(run.imported)}</TableCell>
                <TableCell align="right" sx={NARROW}>
                  {number(run.skipped)}
                </TableCell>
                <TableCell align="right" sx={NARROW}>
                  {number(run.failed)}
                </TableCell>
                <TableCell align="right">
                  {run.failed + run.photosFailed > 0 && run.status !== 'running' && (
                    <Button size="small" onClick={() => report(run)} aria-label={`${translate('imports:result.error_report')}: ${run.fileName}`}>
                      {translate('imports:history.report')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {!runs.length && (
              <TableRow>
                <TableCell colSpan={7} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                  {translate('imports:history.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
