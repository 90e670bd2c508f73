import { useState } from 'react';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useNotify, useTranslate } from 'react-admin';
import { apiJson } from '../api-client';
import { ShopLocale } from '../ShopLocale';

/** Outside extended mode the app shows only this page; turning extended mode on opens the rest. */
export function PartnerFriendly() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const enable = async () => {
    setBusy(true);
    try {
      const res = await apiJson<{ data: unknown }>('/shops', { method: 'PUT', body: JSON.stringify({ extendedMode: true }) });
      // The shell decides from the cached shop: update it before leaving, or it sends us back here.
      queryClient.setQueryData(['plaudit', 'shop'], res.data);
      notify('plaudit.saved', { type: 'success' });
      navigate('/');
    } catch {
      notify('plaudit.save_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <ShopLocale />
      <Card sx={{ maxWidth: 520 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="h5" component="h1">
            {translate('plaudit.partner_friendly.title')}
          </Typography>
          <Typography color="text.secondary">{translate('plaudit.partner_friendly.message')}</Typography>
          <Button variant="contained" onClick={enable} disabled={busy}>
            {translate('plaudit.partner_friendly.enable')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
