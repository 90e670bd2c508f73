// The Google Merchant API push on the Syndication screen: the service account's connection (its JSON
// key read in the browser, only the two fields the push needs sent, sealed on the server) and, once
// connected, the channel's counts, last sync, last error, re-sync and disconnect.
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';
import { type ChannelSync, ChannelState } from './ChannelState';

export interface GoogleStatus extends ChannelSync {
  connected: boolean;
}

type Fields = { clientEmail: string; privateKey: string; accountId: string; dataSourceId: string };

/** The service account's JSON key as Google Cloud downloads it: its client_email and private_key. */
function readKey(json: string): Pick<Fields, 'clientEmail' | 'privateKey'> | undefined {
  try {
    const k = JSON.parse(json) as { client_email?: unknown; private_key?: unknown };
    return typeof k.client_email === 'string' && typeof k.private_key === 'string' ? { clientEmail: k.client_email, privateKey: k.private_key } : undefined;
  } catch {
    return undefined;
  }
}

function ConnectForm(p: { onDone: () => Promise<void> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [key, setKey] = useState('');
  const [accountId, setAccountId] = useState('');
  const [dataSourceId, setDataSourceId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function connect() {
    const parsed = readKey(key);
    if (!parsed) return setErrors({ key: translate('syndication:google.key_invalid') });
    setBusy(true);
    try {
      await apiJson('/integrations/google-merchant', { method: 'PUT', body: JSON.stringify({ ...parsed, accountId, dataSourceId }) });
      notify(translate('syndication:google.connected_now'), { type: 'success' });
      setErrors({});
      await p.onDone();
    } catch (err) {
      const body = (err as { body?: { errors?: Record<string, string>; code?: string } }).body;
      const e = { ...(body?.errors ?? {}) };
      if (e.clientEmail || e.privateKey) e.key = translate('syndication:google.key_invalid');
      if (body?.code === 'CREDENTIALS_REFUSED') e.key = translate('syndication:google.refused');
      setErrors(Object.keys(e).length ? e : { key: translate('syndication:error') });
    } finally {
      setBusy(false);
    }
  }

  const field = (name: 'accountId' | 'dataSourceId', value: string, set: (v: string) => void) => (
    <TextField
      size="small"
      label={translate(`syndication:google.${name}`)}
      value={value}
      onChange={(e) => set(e.target.value)}
      error={!!errors[name]}
      helperText={errors[name] ? translate(`syndication:google.${name}_invalid`) : translate(`syndication:google.${name}_help`)}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
  return (
    <Stack spacing={1.5} sx={{ mt: 1 }}>
      <TextField
        label={translate('syndication:google.key')}
        value={key}
        onChange={(e) => setKey(e.target.value)}
        multiline
        minRows={3}
        maxRows={8}
        error={!!errors.key}
        helperText={errors.key ?? translate('syndication:google.key_help')}
      />
      {field('accountId', accountId, setAccountId)}
      {field('dataSourceId', dataSourceId, setDataSourceId)}
      <Box>
        <Button variant="contained" disabled={busy || !key || !accountId || !dataSourceId} onClick={() => void connect()}>
          {translate('syndication:google.connect')}
        </Button>
      </Box>
    </Stack>
  );
}

export function GoogleCard(p: {
  google: GoogleStatus;
  busy: boolean;
  act: (step: () => Promise<unknown>, done: string) => Promise<void>;
  refresh: () => Promise<void>;
}) {
  const translate = useTranslate();
  const { google: g } = p;
  const post = (path: string, body: object) => apiJson(path, { method: 'POST', body: JSON.stringify(body) });
  return (
    <Card data-testid="google-card">
      <CardContent>
        <Typography variant="h6">{translate('syndication:google.title')}</Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('syndication:google.text')}
        </Typography>
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('syndication:google.approval')}
        </Alert>
        {!g.connected ? (
          <ConnectForm onDone={p.refresh} />
        ) : (
          <>
            <ChannelState channel="google" state={g} />
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }} useFlexGap>
              <Button
                variant="outlined"
                disabled={p.busy}
                onClick={() => void p.act(() => post('/syndication/resync', { channel: 'google' }), 'syndication:resync_started')}
              >
                {translate('syndication:resync')}
              </Button>
              <Button
                color="error"
                disabled={p.busy}
                onClick={() => void p.act(() => apiJson('/integrations/google-merchant', { method: 'DELETE' }), 'syndication:google.disconnected')}
              >
                {translate('syndication:google.disconnect')}
              </Button>
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );
}
