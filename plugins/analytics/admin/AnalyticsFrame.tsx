// The frame of the three screens: title, tabs, the period picker (in the URL), the days shown and
// the days compared with, the "being counted" notice while the history is rebuilt, and errors.
import type { ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useAnalytics, type Answers, type Screen } from './api';
import { AnalyticsNav } from './AnalyticsNav';
import { periodFromSearch, periodQuery, type PeriodChoice } from './period';
import { PeriodPicker } from './PeriodPicker';
import { useFormat, type Formatters } from './useFormat';

export interface AnalyticsFrameProps<S extends Screen> {
  screen: S;
  /** the screen's content; `data` is undefined while it loads or while the history is counted */
  children(data: Answers[S] | undefined, fmt: Formatters, query: string): ReactNode;
}

export function AnalyticsFrame<S extends Screen>({ screen, children }: AnalyticsFrameProps<S>) {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const query = periodQuery(periodFromSearch(params));
  const { data, rebuilding, error, retry } = useAnalytics(screen, query);
  const fmt = useFormat(data?.currency);
  const choose = (choice: PeriodChoice) => setParams(new URLSearchParams(periodQuery(choice)));

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, maxWidth: 1200, minWidth: 0 }}>
      <Title title={translate('analytics:title')} />
      <Typography variant="h5" component="h1">
        {translate('analytics:title')}
      </Typography>
      <AnalyticsNav screen={screen} query={query} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <PeriodPicker choice={periodFromSearch(params)} onChange={choose} shown={data} />
        {data && (
          <Typography variant="body2" color="text.secondary">
            {translate('analytics:period.shown', {
              range: fmt.range(data.from, data.to),
              previous: fmt.range(data.previous.from, data.previous.to),
              timezone: data.timezone,
            })}
          </Typography>
        )}
      </Stack>
      {error !== undefined && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              {translate('analytics:error.retry')}
            </Button>
          }
        >
          {translate('analytics:error.load')}
        </Alert>
      )}
      {rebuilding && (
        <Alert severity="info" role="status" icon={<CircularProgress size={20} aria-hidden />}>
          {translate('analytics:rebuilding')}
        </Alert>
      )}
      {error === undefined && children(rebuilding ? undefined : data, fmt, query)}
    </Box>
  );
}
