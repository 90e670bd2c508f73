// The ten review languages with whether the shop's provider can translate into each, as the
// provider itself answered (never assumed), and for each it can a bulk translation of all reviews.
import { useMemo } from 'react';
import { Alert, Box, Card, CardContent, Chip, Divider, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import BulkTranslation from './BulkTranslation';
import { CREDENTIALS, type ProviderState, REVIEW_LANGUAGES } from './provider-api';

export default function ReviewLanguages({ state, dirty }: { state: ProviderState; dirty: boolean }) {
  const translate = useTranslate();
  const [adminLocale] = useLocaleState();
  const names = useMemo(() => new Intl.DisplayNames([adminLocale], { type: 'language' }), [adminLocale]);
  const available = new Map(state.languages.map((l) => [l.code, l.available]));
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="h6" component="h2">
          {translate('translations:review.languages')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('translations:review.languages_intro')}
        </Typography>
        {!state.reachable && (
          <Alert severity="warning">
            {translate(CREDENTIALS[state.provider].length ? 'translations:review.unreachable' : 'translations:review.unreachable_server')}
          </Alert>
        )}
        {dirty && (
          <Typography variant="body2" color="text.secondary">
            {translate('translations:review.languages_saved_provider')}
          </Typography>
        )}
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={translate('translations:review.languages')}>
          {REVIEW_LANGUAGES.map((code, i) => {
            const name = names.of(code) ?? code;
            const can = available.get(code) === true;
            return (
              <Box component="li" key={code} data-testid={`language-${code}`}>
                {i > 0 && <Divider />}
                <Box
                  sx={{
                    display: 'grid',
                    gap: 1,
                    py: 1.5,
                    gridTemplateColumns: { xs: '1fr', sm: 'minmax(200px, 260px) minmax(0, 1fr)' },
                    alignItems: { sm: 'center' },
                  }}
                >
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: { xs: 'space-between', sm: 'flex-start' } }}>
                    <Typography sx={{ fontWeight: 500, minWidth: { sm: 110 } }}>{name}</Typography>
                    <Chip
                      size="small"
                      variant={can ? 'filled' : 'outlined'}
                      color={can ? 'success' : 'default'}
                      label={translate(can ? 'translations:review.available' : 'translations:review.unavailable')}
                    />
                  </Box>
                  {can && !dirty ? <BulkTranslation language={code} name={name} /> : <Box />}
                </Box>
              </Box>
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
}
