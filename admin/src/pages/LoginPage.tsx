import { useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider, useNavigate, useNotify, useTranslate } from 'react-admin';

/**
 * /auth/login: standalone sign-in with an app token (`npm run plaudit -- token --shop ...`).
 * The store-platform plugin adds sign-in with the shop domain through Shopify OAuth.
 */
export function LoginPage() {
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const translate = useTranslate();

  const submit = async (e: FormEvent) => {
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
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="h5" component="h1">
            {translate('plaudit.login.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('plaudit.login.token_help')}
          </Typography>
          <TextField
            label={translate('plaudit.login.token')}
            value={token}
            onChange={(e) => setToken(e.target.value)}
            required
            autoFocus
            multiline
            minRows={3}
            slotProps={{ htmlInput: { 'aria-label': translate('plaudit.login.token'), spellCheck: false } }}
          />
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('plaudit.login.submit')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
