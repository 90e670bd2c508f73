// /display-settings/syndication: each channel's switch and state (counts, last sync, last error),
// Shopify's re-sync, Google's Merchant API push (GoogleCard.tsx), and the Meta feed's secret URLs
// with a new-secret action.
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';
import { type ChannelSync, ChannelState } from './ChannelState';
import { GoogleCard, type GoogleStatus } from './GoogleCard';

interface Status {
  /** the latest re-sync is syndicationBackfill's */
  shopify: ChannelSync & { enabled: boolean };
  google: GoogleStatus;
  meta: { enabled: boolean; reviews: number; csvUrl: string; jsonUrl: string };
}

const post = (path: string, body: object = {}) => apiJson(path, { method: 'POST', body: JSON.stringify(body) });

/** One channel: its title, what it does, its switch, then its own state and actions. */
function ChannelCard(p: { channel: 'shopify' | 'meta'; on: boolean; busy: boolean; onSwitch: (on: boolean) => void; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card>
      <CardContent>
        <Typography variant="h6">{translate(`syndication:${p.channel}.title`)}</Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate(`syndication:${p.channel}.text`)}
        </Typography>
        {p.channel === 'shopify' && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {translate('syndication:shopify.approval')}
          </Alert>
        )}
        <FormControlLabel
          control={<Switch checked={p.on} disabled={p.busy} onChange={(e) => p.onSwitch(e.target.checked)} />}
          label={translate(`syndication:${p.channel}.switch`)}
        />
        {p.children}
      </CardContent>
    </Card>
  );
}

export default function SyndicationPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [status, setStatus] = useState<Status | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(() => apiJson<Status>('/syndication').then(setStatus, () => setFailed(true)), []);
  useEffect(() => void refresh(), [refresh]);
  // while a re-sync runs, its progress is read again every few seconds (turned off, it stops)
  const runs = (on: boolean | undefined, resync: { finishedAt: string | null } | null | undefined) => !!on && !!resync && !resync.finishedAt;
  const running = runs(status?.shopify.enabled, status?.shopify.resync) || runs(status?.google.connected, status?.google.resync);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void refresh(), 5000);
    return () => clearInterval(timer);
  }, [running, refresh]);

  async function act(step: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await step();
      notify(translate(done), { type: 'success' });
      await refresh();
    } catch {
      notify(translate('syndication:error'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  const toggle = (field: 'shopifyEnabled' | 'metaFeedEnabled', on: boolean) =>
    act(() => apiJson('/syndication/settings', { method: 'PUT', body: JSON.stringify({ [field]: on }) }), 'syndication:saved');

  if (failed) return <Alert severity="error">{translate('syndication:error')}</Alert>;
  if (!status) return null;
  const { shopify, google, meta } = status;
  return (
    <Box sx={{ maxWidth: 860 }}>
      <Title title={translate('syndication:title')} />
      {/* the page's own heading, as every admin page has (the app bar's title is not one) */}
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate('syndication:title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('syndication:intro')}</Typography>
      <Stack spacing={2}>
        <ChannelCard channel="shopify" on={shopify.enabled} busy={busy} onSwitch={(on) => void toggle('shopifyEnabled', on)}>
          <ChannelState channel="shopify" state={shopify} showResync={shopify.enabled || !!shopify.resync?.finishedAt} />
          <Button
            sx={{ mt: 1 }}
            variant="outlined"
            disabled={busy || !shopify.enabled}
            onClick={() => void act(() => post('/syndication/resync', { channel: 'shopify' }), 'syndication:resync_started')}
          >
            {translate('syndication:resync')}
          </Button>
        </ChannelCard>
        <GoogleCard google={google} busy={busy} act={act} refresh={refresh} />
        <ChannelCard channel="meta" on={meta.enabled} busy={busy} onSwitch={(on) => void toggle('metaFeedEnabled', on)}>
          <Typography variant="body2">{translate('syndication:meta.count', { count: meta.reviews })}</Typography>
          {meta.enabled && (
            <Stack spacing={1} sx={{ mt: 1 }}>
              <TextField size="small" label={translate('syndication:meta.csv')} value={meta.csvUrl} slotProps={{ input: { readOnly: true } }} />
              <TextField size="small" label={translate('syndication:meta.json')} value={meta.jsonUrl} slotProps={{ input: { readOnly: true } }} />
              <Typography variant="caption">{translate('syndication:meta.secret')}</Typography>
              <Box>
                <Button variant="outlined" disabled={busy} onClick={() => void act(() => post('/syndication/meta/rotate'), 'syndication:meta.rotated')}>
                  {translate('syndication:meta.rotate')}
                </Button>
              </Box>
            </Stack>
          )}
        </ChannelCard>
      </Stack>
    </Box>
  );
}
