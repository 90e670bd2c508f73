// /collect-reviews/reviews/import: bring reviews from a file (spec sections 2, 5, 8, 9). Upload, check
// the columns in the mapping step, start; the run continues in the background while the banner
// counts, then shows the result and the error report. A run already going when the page opens
// gets its banner back. Below: the recent imports, and the export.
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@plaudit/kernel/admin';
import { importsApi, type ImportFile, type ImportRun } from './api';
import { ExportDialog } from './ExportDialog';
import { HistoryTable } from './HistoryTable';
import { MappingStep } from './MappingStep';
import { LimitBanner, RunBanner } from './RunBanner';
import { UploadZone } from './UploadZone';
import { useImportRun } from './useImportRun';

export default function FileImportPage() {
  const translate = useTranslate();
  // the server's verdict: a Free shop with full access (installed after 9 May 2025) has no per-import limit
  const { data: limited } = useQuery({
    queryKey: ['imports', 'limit'],
    queryFn: () => apiJson<{ data: { limited: boolean } }>('/imports/limit').then((r) => r.data.limited),
  });
  const [history, setHistory] = useState<ImportRun[] | null>(null);
  const [started, setStarted] = useState<ImportRun | null>(null);
  const [resumed, setResumed] = useState(false);
  const [file, setFile] = useState<ImportFile | null>(null);
  const [exporting, setExporting] = useState(false);

  const loadHistory = useCallback(() => importsApi.recent(10).then(setHistory, () => setHistory([])), []);
  useEffect(() => {
    importsApi.recent(10).then(
      (runs) => {
        setHistory(runs);
        const running = runs.find((r) => r.status === 'running');
        if (running) setStarted(running), setResumed(true);
      },
      () => setHistory([]),
    );
  }, []);
  const run = useImportRun(started, loadHistory);
  const running = run?.status === 'running';

  const onStarted = (next: ImportRun) => {
    setFile(null);
    setResumed(false);
    setStarted(next);
    loadHistory();
  };

  return (
    // one column that never grows past the page: wide tables scroll inside their cards
    <Box sx={{ py: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, maxWidth: 1100, minWidth: 0, contain: 'inline-size' }}>
      <Title title={translate('imports:file.title')} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {translate('imports:file.title')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to="/collect-reviews/import-reviews">
            {translate('imports:file.by_url')}
          </Button>
          <Button variant="outlined" onClick={() => setExporting(true)}>
            {translate('imports:export.open')}
          </Button>
        </Stack>
      </Stack>
      {limited && !run?.limited && <LimitBanner limit={null} />}
      {run && <RunBanner run={run} resumed={resumed} />}
      <Card>
        <CardContent sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
          {file ? (
            <MappingStep key={file.id} file={file} onStarted={onStarted} onCancel={() => setFile(null)} />
          ) : (
            <>
              <Box>
                <Typography variant="h6" component="h2">
                  {translate('imports:file.upload_title')}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate('imports:file.intro')}
                </Typography>
              </Box>
              {running && <Alert severity="info">{translate('imports:file.wait')}</Alert>}
              <UploadZone onUploaded={setFile} disabled={running} />
            </>
          )}
        </CardContent>
      </Card>
      {history && (
        <Card>
          <CardContent>
            <HistoryTable runs={history} />
          </CardContent>
        </Card>
      )}
      <ExportDialog open={exporting} onClose={() => setExporting(false)} />
    </Box>
  );
}
