// The account's part of the screen: connect (Instagram's window in a new tab: it cannot be framed),
// the connected @username with the last sync and Sync now, Disconnect (confirmed), and why it was
// disconnected when Instagram refused the token.
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import InstagramIcon from '@mui/icons-material/Instagram';
import { Confirm, useLocaleState, useTranslate } from 'react-admin';
import type { AccountView } from '../shared/instagram';

interface Props {
  account: AccountView;
  waiting: boolean;
  busy: boolean;
  onConnect(): void;
  onDisconnect(): void;
  onSync(): void;
}

export function AccountCard({ account, waiting, busy, onConnect, onDisconnect, onSync }: Props) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [confirming, setConfirming] = useState(false);
  const date = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const connected = account.status === 'connected';
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          {account.reason && !connected && <Alert severity="warning">{translate('instagram:page.disconnected_reason', { reason: account.reason })}</Alert>}
          {connected ? (
            <>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <InstagramIcon color="action" />
                <Typography sx={{ fontWeight: 600 }}>{translate('instagram:page.connected_as', { username: account.username })}</Typography>
                {account.syncStatus === 'syncing' && <Chip size="small" color="info" label={translate('instagram:page.syncing')} />}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {account.lastSyncAt ? translate('instagram:page.last_sync', { date: date(account.lastSyncAt) }) : translate('instagram:page.never_synced')}
                {account.tokenExpiresAt && (
                  <>
                    <br />
                    {translate('instagram:page.token_valid', { date: date(account.tokenExpiresAt) })}
                  </>
                )}
              </Typography>
              {account.syncStatus === 'failed' && <Alert severity="error">{translate('instagram:page.sync_failed')}</Alert>}
              <Stack direction="row" spacing={1}>
                <Button variant="contained" disabled={busy || account.syncStatus === 'syncing'} onClick={onSync}>
                  {translate('instagram:page.sync_now')}
                </Button>
                <Button variant="outlined" color="error" disabled={busy} onClick={() => setConfirming(true)}>
                  {translate('instagram:page.disconnect')}
                </Button>
              </Stack>
            </>
          ) : (
            <Box>
              <Button variant="contained" startIcon={<InstagramIcon />} disabled={busy} onClick={onConnect}>
                {translate(account.reason ? 'instagram:page.reconnect' : 'instagram:page.connect')}
              </Button>
              {waiting && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {translate('instagram:page.waiting')}
                </Typography>
              )}
            </Box>
          )}
        </Stack>
      </CardContent>
      <Confirm
        isOpen={confirming}
        title="instagram:page.disconnect"
        content={translate('instagram:page.disconnect_confirm', { username: account.username })}
        onConfirm={() => {
          setConfirming(false);
          onDisconnect();
        }}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
