// "Translate all reviews" into one language the provider offers, and the run's progress as the
// workflow reports it: running (a bar), waiting on the provider, completed, or stopped with why.
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { BulkProgress } from './provider-api';
import { useBulkProgress } from './useBulkProgress';

const KNOWN_REASONS = ['quota-exceeded', 'credentials', 'no-provider'];

function ProgressLine({ progress }: { progress: BulkProgress }) {
  const translate = useTranslate();
  const counts = { done: progress.done, total: progress.total ?? '…', translated: progress.translated, unavailable: progress.unavailable };
  if (progress.state === 'completed') {
    return (
      <Typography variant="body2" color="success.main">
        {translate('translations:bulk.completed', counts)}
      </Typography>
    );
  }
  if (progress.state === 'stopped') {
    const reason =
      progress.reason && KNOWN_REASONS.includes(progress.reason) ? translate(`translations:bulk.reasons.${progress.reason}`) : (progress.reason ?? '');
    return (
      <Alert severity="warning" sx={{ py: 0 }}>
        {translate('translations:bulk.stopped', { ...counts, reason })}
      </Alert>
    );
  }
  const value = progress.total ? Math.min(100, (progress.done / progress.total) * 100) : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <LinearProgress
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value}
        aria-label={translate('translations:bulk.progress_label')}
      />
      <Typography variant="body2" color="text.secondary">
        {translate(progress.state === 'waiting' ? 'translations:bulk.waiting' : 'translations:bulk.running', counts)}
      </Typography>
    </Box>
  );
}

export default function BulkTranslation({ language, name }: { language: string; name: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { progress, failed, starting, running, start } = useBulkProgress(language);
  const onStart = () => start().catch(() => notify('translations:bulk.start_failed', { type: 'error' }));
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }} data-testid={`bulk-${language}`}>
      <Box>
        <Button
          size="small"
          variant="outlined"
          disabled={starting || running || progress === undefined}
          onClick={() => void onStart()}
          aria-label={translate('translations:bulk.start_into', { language: name })}
        >
          {translate('translations:bulk.start')}
        </Button>
      </Box>
      {progress && <ProgressLine progress={progress} />}
      {failed && (
        <Typography variant="body2" color="error">
          {translate('translations:bulk.load_failed')}
        </Typography>
      )}
    </Box>
  );
}
