// The screen of one integration (`/settings/integration/<app>`, spec section 2): connected or not
// (spec section 4), the vendor's credential fields when not connected ('This field is required'),
// Connect (verified by the server with a real call), Disconnect, and why it disconnected by itself
// (a revoked key). Credentials are sent, never read back. Strings: plaudit.integration.* (kernel).
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import { apiJson } from '../api-client';

export interface IntegrationField {
  name: string;
  label: string;
  secret?: boolean;
  helper?: string;
}

interface State {
  status: 'connected' | 'disconnected';
  connectedAt: string | null;
  reason: string | null;
}

interface Props {
  app: string;
  label: string;
  fields: IntegrationField[];
  description?: ReactNode;
  /** what the app does once connected, shown under the status */
  children?: ReactNode;
}

const messageOf = (err: unknown, fallback: string) => (err instanceof HttpError ? ((err.body as { message?: string })?.message ?? err.message) : fallback);

export function IntegrationPanel({ app, label, fields, description, children }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [state, setState] = useState<State | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const path = `/integrations/${app}`;

  useEffect(() => {
    apiJson<{ data: State }>(path).then(
      (r) => setState(r.data),
      () => setState({ status: 'disconnected', connectedAt: null, reason: null }),
    );
  }, [path]);

  async function connect() {
    const missing = Object.fromEntries(fields.filter((f) => !values[f.name]?.trim()).map((f) => [f.name, translate('plaudit.validation.required')]));
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const r = await apiJson<{ data: State }>(path, { method: 'PUT', body: JSON.stringify(values) });
      setState(r.data);
      setValues({});
      notify(translate('plaudit.integration.connected_toast', { app: label }), { type: 'success' });
    } catch (err) {
      setFailure(messageOf(err, `Failed to integrate with ${label}`));
    } finally {
      setBusy(false);
    }
  }

  async function disconnect() {
    setBusy(true);
    try {
      setState((await apiJson<{ data: State }>(path, { method: 'DELETE' })).data);
    } catch (err) {
      notify(messageOf(err, `Failed to disconnect with ${label}`), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const connected = state?.status === 'connected';
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 720 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1">
          {label}
        </Typography>
        {state && (
          <Chip
            size="small"
            color={connected ? 'success' : 'default'}
            label={translate(connected ? 'plaudit.integration.connected' : 'plaudit.integration.not_connected')}
          />
        )}
      </Stack>
      <Card variant="outlined">
        <CardContent>
          {description && <Typography sx={{ mb: 2 }}>{description}</Typography>}
          {state?.reason && !connected && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {translate('plaudit.integration.revoked', { app: label, reason: state.reason })}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          {connected ? (
            <Stack spacing={2}>
              {children}
              <Box>
                <Button variant="outlined" color="error" disabled={busy} onClick={disconnect}>
                  {translate('plaudit.integration.disconnect')}
                </Button>
              </Box>
            </Stack>
          ) : (
            <Stack spacing={2}>
              {fields.map((f) => (
                <TextField
                  key={f.name}
                  label={f.label}
                  type={f.secret ? 'password' : 'text'}
                  autoComplete="off"
                  value={values[f.name] ?? ''}
                  onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                  error={!!errors[f.name]}
                  helperText={errors[f.name] ?? f.helper}
                  fullWidth
                />
              ))}
              <Box>
                <Button variant="contained" disabled={busy || !state} onClick={connect}>
                  {translate('plaudit.integration.connect')}
                </Button>
              </Box>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
