// The importing banner (spec section 4: "Import runs in the background with an importing banner"):
// the live count while the run works, then its result, the error report, and the free plan's
// per-import limit banner (spec section 8).
import { Alert, AlertTitle, Box, Button, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { ImportRun } from './api';
import { downloadErrorReport } from './download';
import { useMessage } from './messages';

const COUNTS = ['imported', 'skipped', 'failed', 'photosFailed'] as const;

export function useNumber() {
  const [locale] = useLocaleState();
  return (n: number) => new Intl.NumberFormat(locale).format(n);
}

function Progress({ run, resumed }: { run: ImportRun; resumed: boolean }) {
  const translate = useTranslate();
  const number = useNumber();
  const counted = run.total !== null && run.total > 0;
  return (
    <Alert severity="info" icon={false} role="status" aria-live="polite" data-testid="import-banner" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{translate('imports:banner.running_title', { name: run.fileName })}</AlertTitle>
      <Typography variant="body2" data-testid="import-count">
        {counted
          ? translate('imports:banner.running', { processed: number(run.processed), total: number(run.total!) })
          : translate('imports:banner.reading', { processed: number(run.processed) })}
      </Typography>
      <LinearProgress
        sx={{ mt: 1 }}
        variant={counted ? 'determinate' : 'indeterminate'}
        value={counted ? Math.min(100, (100 * run.processed) / run.total!) : undefined}
        aria-label={translate('imports:banner.progress')}
      />
      <Typography variant="caption" color="text.secondary">
        {translate(resumed ? 'imports:file.already_running' : 'imports:banner.background')}
      </Typography>
    </Alert>
  );
}

function Result({ run }: { run: ImportRun }) {
  const translate = useTranslate();
  const notify = useNotify();
  const number = useNumber();
  const problems = run.failed + run.photosFailed > 0;
  const download = () => downloadErrorReport(run).catch(() => notify('imports:errors.report_failed', { type: 'error' }));
  return (
    <Alert severity={problems ? 'warning' : 'success'} role="status" data-testid="import-banner">
      <AlertTitle>{translate('imports:banner.done_title', { name: run.fileName })}</AlertTitle>
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1 }} data-testid="import-result">
        {COUNTS.map((k) => (
          <Box key={k}>
            <Typography variant="h6" component="p" sx={{ lineHeight: 1.2 }}>
              {number(run[k])}
            </Typography>
            <Typography variant="body2">{translate(`imports:result.${k}`)}</Typography>
          </Box>
        ))}
      </Stack>
      {problems && (
        <Button size="small" variant="outlined" color="inherit" sx={{ mt: 1.5 }} onClick={download}>
          {translate('imports:result.error_report')}
        </Button>
      )}
    </Alert>
  );
}

/** The free plan's per-import limit: the rows over it were skipped; a paid plan imports up to 10,000 at a time. */
export function LimitBanner({ limit }: { limit: number | null }) {
  const translate = useTranslate();
  const number = useNumber();
  return (
    <Alert
      severity="warning"
      data-testid="limit-banner"
      action={
        <Button color="inherit" size="small" component={RouterLink} to="/subscription" sx={{ whiteSpace: 'nowrap' }}>
          {translate('imports:limit.upgrade')}
        </Button>
      }
    >
      {limit ? translate('imports:limit.reached', { limit: number(limit) }) : translate('imports:limit.free')}
    </Alert>
  );
}

/** `resumed`: the run was already going when the page opened. */
export function RunBanner({ run, resumed = false }: { run: ImportRun; resumed?: boolean }) {
  const translate = useTranslate();
  const message = useMessage();
  if (run.status === 'running') return <Progress run={run} resumed={resumed} />;
  if (run.status === 'uploaded') return null;
  return (
    <Stack spacing={1}>
      {run.status === 'failed' ? (
        <Alert severity="error" role="alert" data-testid="import-banner">
          <AlertTitle>{translate('imports:banner.failed_title', { name: run.fileName })}</AlertTitle>
          {message(run.error ?? 'Import failed, 0 review imported')}
        </Alert>
      ) : (
        <Result run={run} />
      )}
      {run.limited && <LimitBanner limit={run.limit} />}
      {run.status === 'completed' && run.imported > 0 && (
        <Typography variant="body2">
          <Link component={RouterLink} to="/reviews/list">
            {translate('imports:result.see_reviews')}
          </Link>
        </Typography>
      )}
    </Stack>
  );
}
