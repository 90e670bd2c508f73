import { useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, Divider, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider, useNavigate, useNotify, useTranslate } from 'react-admin';

const SHOP_DOMAIN = /^[a-zA-Z0-9][a-zA-Z0-9-_]*\.myshopify\.com$/;

/**
 * /auth/login: standalone sign-in. The shop domain starts Shopify's OAuth (/auth/shopify); an API
 * token from `npm run plaudit -- token --shop ...` signs in directly (scripts, developers).
 */
export function LoginPage() {
  const [shop, setShop] = useState('');
  const [shopError, setShopError] = useState('');
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const translate = useTranslate();

  const signInWithShop = (e: FormEvent) => {
    e.preventDefault();
    const domain = shop.trim().toLowerCase();
    const full = domain.includes('.') ? domain : `${domain}.myshopify.com`;
    if (!SHOP_DOMAIN.test(full)) {
      setShopError(translate('plaudit.validation.domain'));
      return;
    }
    window.location.assign(`/auth/shopify?shop=${encodeURIComponent(full)}`);
  };

  const signInWithToken = async (e: FormEvent) => {
    e.preventDefault();
    if (!token.trim()) return;
    setBusy(true);
    try {
      await authProvider!.login({ token });
      // The shell cached "not signed in"; reset it so the next page checks again instead of logging out.
      await queryClient.resetQueries({ queryKey: ['auth'] });
      navigate('/');
    } catch {
      notify('plaudit.login.invalid', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="h5" component="h1">
            {translate('plaudit.login.title')}
          </Typography>
          <Box component="form" onSubmit={signInWithShop} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <TextField
              label={translate('plaudit.login.shop')}
              placeholder="my-store.myshopify.com"
              value={shop}
              onChange={(e) => {
                setShop(e.target.value);
                setShopError('');
              }}
              error={!!shopError}
              helperText={shopError || translate('plaudit.login.shop_help')}
              autoFocus
              slotProps={{ htmlInput: { 'aria-label': translate('plaudit.login.shop'), autoCapitalize: 'none', spellCheck: false } }}
            />
            <Button type="submit" variant="contained">
              {translate('plaudit.login.continue')}
            </Button>
          </Box>
          <Divider>{translate('plaudit.login.or')}</Divider>
          <Box component="form" onSubmit={signInWithToken} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {translate('plaudit.login.token_help')}
            </Typography>
            <TextField
              label={translate('plaudit.login.token')}
              value={token}
              onChange={(e) => setToken(e.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { 'aria-label': translate('plaudit.login.token'), spellCheck: false } }}
            />
            <Button type="submit" variant="outlined" disabled={busy}>
              {translate('plaudit.login.submit')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
