import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Development stores are refused (spec section 1). */
export function NotSupported() {
  const translate = useTranslate();
  return (
    <Box role="main" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 10, px: 2, textAlign: 'center' }}>
      <Typography variant="h4" component="h1">
        {translate('plaudit.not_supported.title')}
      </Typography>
      <Typography color="text.secondary">{translate('plaudit.not_supported.message')}</Typography>
    </Box>
  );
}
