import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** Unknown paths and pages that fail to load (spec section 2). */
export function NotFound() {
  const translate = useTranslate();
  return (
    <Box role="main" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 10, textAlign: 'center' }}>
      <Typography variant="h4" component="h1">
        {translate('plaudit.not_found.title')}
      </Typography>
      <Typography color="text.secondary">{translate('plaudit.not_found.message')}</Typography>
      <Button variant="contained" component={Link} to="/">
        {translate('plaudit.not_found.back_home')}
      </Button>
    </Box>
  );
}
