// One provider's connection through the kernel's integration routes (GET|PUT|DELETE
// /api/integrations/<app>): its credential fields while not connected, some of them optional (the
// kernel's IntegrationPanel requires every field), checked by the server with a real call to the
// provider before they are sealed; never read back. A refusal says which fields to check.
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, AlertTitle, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';

export interface ProviderField {
  name: string;
  secret?: boolean;
  optional?: boolean;
}

interface State {
  status: 'connected' | 'disconnected';
  connectedAt: string | null;
  reason: string | null;
}

interface Props {
  app: string;
  /** the locale prefix of its strings: `messaging:<prefix>.title`, `.<field>`, `.<field>_help` */
  prefix: string;
  label: string;
  fields: ProviderField[];
  /** the webhook to set in the provider's console */
  children?: ReactNode;
}

type Failure = { message: string; fields: string[] };

/** The server's answer to a refused connect: the fields it named (400 Validation failed), else its message. */
function failureOf(err: unknown): Failure {
  if (!(err instanceof HttpError)) return { message: (err as Error).message, fields: [] };
  const body = (err.body ?? {}) as { message?: string; errors?: Record<string, string> };
  return { message: body.message ?? err.message, fields: Object.keys(body.errors ?? {}) };
}

export function ProviderCard({ app, prefix, label, fields, children }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [state, setState] = useState<State | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const path = `/integrations/${app}`;
  const t = (key: string) => translate(`messaging:${prefix}.${key}`);

  useEffect(() => {
    apiJson<{ data: State }>(path).then(
      (r) => setState(r.data),
      () => setState({ status: 'disconnected', connectedAt: null, reason: null }),
    );
  }, [path]);

  const call = async (method: 'PUT' | 'DELETE', body?: object) => {
    setBusy(true);
    try {
      return (await apiJson<{ data: State }>(path, { method, body: body && JSON.stringify(body) })).data;
    } finally {
      setBusy(false);
    }
  };

  async function connect() {
    const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim()));
    const empty = fields.filter((f) => !f.optional && !filled[f.name]).map((f) => f.name);
    setMissing(empty);
    setFailure(null);
    if (empty.length) return;
    try {
      setState(await call('PUT', filled));
      setValues({});
      notify(translate('plaudit.integration.connected_toast', { app: label }), { type: 'success' });
    } catch (err) {
      setFailure(failureOf(err));
    }
  }

  async function disconnect() {
    try {
      setState(await call('DELETE'));
    } catch (err) {
      notify(failureOf(err).message, { type: 'error' });
    }
  }

  const connected = state?.status === 'connected';
  const helperOf = (f: ProviderField) => {
    if (missing.includes(f.name)) return translate('plaudit.validation.required');
    const help = t(`${f.name}_help`);
    return f.optional ? `${translate('messaging:provider.optional')} · ${help}` : help;
  };
  return (
    <Card variant="outlined" data-provider={app}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h6" component="h2">
            {t('title')}
          </Typography>
          {state && (
            <Chip
              size="small"
              color={connected ? 'success' : 'default'}
              label={translate(connected ? 'plaudit.integration.connected' : 'plaudit.integration.not_connected')}
            />
          )}
        </Stack>
        <Typography variant="body2">{t('intro')}</Typography>
        {state?.reason && !connected && <Alert severity="warning">{translate('plaudit.integration.revoked', { app: label, reason: state.reason })}</Alert>}
        {failure && (
          <Alert severity="error" role="alert">
            <AlertTitle>{failure.message}</AlertTitle>
            {failure.fields.length
              ? translate('messaging:provider.fields_refused', { fields: failure.fields.map((f) => t(f)).join(', ') })
              : translate('messaging:provider.refused', { app: label })}
          </Alert>
        )}
        {connected ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography variant="body2">{translate('messaging:provider.connected_note')}</Typography>
            <Button variant="outlined" color="error" disabled={busy} onClick={disconnect}>
              {translate('plaudit.integration.disconnect')}
            </Button>
          </Stack>
        ) : (
          <Stack spacing={2}>
            {fields.map((f) => (
              <TextField
                key={f.name}
                label={t(f.name)}
                type={f.secret ? 'password' : 'text'}
                autoComplete="off"
                size="small"
                value={values[f.name] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                error={missing.includes(f.name) || !!failure?.fields.includes(f.name)}
                helperText={helperOf(f)}
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
        {children}
      </CardContent>
    </Card>
  );
}
