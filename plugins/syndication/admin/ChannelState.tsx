// One channel's syndication state, as the Shopify and Google cards show it: its counts, the last sync,
// the latest re-sync's progress and the last error.
import { Alert, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface ChannelSync {
  synced: number;
  removed: number;
  failed: number;
  lastSyncAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  /** the latest re-sync: its progress, or when it finished */
  resync: { run: string; checked: number; startedAt: string; finishedAt: string | null } | null;
}

/** `channel`: 'shopify' or 'google' (its counts' text and test ids); `showResync`: whether the re-sync line applies now. */
export function ChannelState({ channel, state, showResync = true }: { channel: 'shopify' | 'google'; state: ChannelSync; showResync?: boolean }) {
  const translate = useTranslate();
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : translate('syndication:never'));
  const { resync } = state;
  return (
    <>
      <Typography variant="body2" data-testid={`${channel}-counts`}>
        {translate(`syndication:${channel}.counts`, { synced: state.synced, removed: state.removed, failed: state.failed })}
      </Typography>
      <Typography variant="body2">{translate('syndication:last_sync', { at: when(state.lastSyncAt) })}</Typography>
      {resync && showResync && (
        <Typography variant="body2" data-testid={`${channel}-resync`}>
          {resync.finishedAt
            ? translate('syndication:resync_done', { checked: resync.checked, at: when(resync.finishedAt) })
            : translate('syndication:resync_running', { checked: resync.checked, at: when(resync.startedAt) })}
        </Typography>
      )}
      {state.lastError && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate('syndication:last_error', { at: when(state.lastErrorAt), error: state.lastError })}
        </Alert>
      )}
    </>
  );
}
