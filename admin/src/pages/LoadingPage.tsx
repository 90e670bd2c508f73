import { Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

/** /loading: shown while the app gets ready (after install, between redirects). */
export function LoadingPage() {
  const translate = useTranslate();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', gap: 2 }}>
      <CircularProgress aria-label={translate('plaudit.loading')} />
    </Box>
  );
}
