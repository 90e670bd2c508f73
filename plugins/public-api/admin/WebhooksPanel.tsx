// The outgoing webhooks under the API keys (ManagingKeyPage): the shop's endpoints with their
// topics and state, adding one (URL + topics), its secret, switching it on and off, a test
// delivery, deleting, and each endpoint's delivery log with Redeliver.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, Paper, Stack, Switch, FormControlLabel, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { WebhookSubscriptionView } from '../shared/webhooks';
import { AddWebhookDialog } from './AddWebhookDialog';
import { DeliveryLog } from './DeliveryLog';
import { SecretDialog } from './SecretDialog';
import { deleteWebhook, loadWebhooks, pingWebhook, topicLabel, updateWebhook, type WebhookList } from './webhooks-api';

function stateOf(s: WebhookSubscriptionView): 'active' | 'merchant' | 'failing' {
  return s.enabled ? 'active' : (s.disabledReason ?? 'merchant');
}

export default function WebhooksPanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const [list, setList] = useState<WebhookList | null>(null);
  const [adding, setAdding] = useState(false);
  const [secretOf, setSecretOf] = useState<{ id: number; secret?: string } | null>(null);
  const [deleting, setDeleting] = useState<WebhookSubscriptionView | null>(null);
  const [logOf, setLogOf] = useState<number | null>(null);
  const [logVersion, setLogVersion] = useState(0);
  const [busy, setBusy] = useState<number | null>(null);

  const refresh = useCallback(() => loadWebhooks().then(setList, () => notify('public-api:webhooks.load_failed', { type: 'error' })), [notify]);
  useEffect(() => void refresh(), [refresh]);

  const run = async (id: number, action: () => Promise<unknown>, done?: string) => {
    setBusy(id);
    try {
      await action();
      if (done) notify(done, { type: 'success' });
    } catch {
      notify('public-api:webhooks.action_failed', { type: 'error' });
    } finally {
      setBusy(null);
      setLogVersion((v) => v + 1);
      void refresh();
    }
  };
  const ping = (s: WebhookSubscriptionView) =>
    run(s.id, async () => {
      const d = await pingWebhook(s.id);
      if (d.status === 'delivered') notify('public-api:webhooks.test_sent', { type: 'success', messageArgs: { status: String(d.lastStatusCode) } });
      else
        notify(d.status === 'failed' ? 'public-api:webhooks.test_failed' : 'public-api:webhooks.test_pending', {
          type: d.status === 'failed' ? 'error' : 'info',
        });
      setLogOf(s.id);
    });

  if (!list) return null;
  const { allowed } = list.access;
  return (
    <Box component="section" sx={{ display: 'grid', gap: 2, mt: 2, minWidth: 0 }} aria-labelledby="webhooks-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1 }}>
        <Box>
          <Typography variant="h6" component="h2" id="webhooks-title">
            {translate('public-api:webhooks.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('public-api:webhooks.intro')}
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={!allowed}
          onClick={() => setAdding(true)}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {translate('public-api:webhooks.add')}
        </Button>
      </Stack>
      {list.items.length === 0 ? (
        <Typography color="text.secondary">{translate('public-api:webhooks.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ display: 'grid', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
          {list.items.map((s) => {
            const state = stateOf(s);
            return (
              <Paper key={s.id} variant="outlined" component="li" sx={{ p: 2, display: 'grid', gap: 1 }} data-testid={`webhook-${s.id}`}>
                <Stack direction={{ xs: 'column', md: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <Typography variant="subtitle1" component="h3" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                        {s.url}
                      </Typography>
                      <Chip
                        size="small"
                        color={state === 'active' ? 'success' : state === 'failing' ? 'error' : 'default'}
                        label={translate(`public-api:webhooks.status.${state}`)}
                      />
                    </Stack>
                    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', my: 1 }}>
                      {s.topics.map((t) => (
                        <Chip key={t} size="small" variant="outlined" label={translate(topicLabel(t))} title={t} />
                      ))}
                    </Stack>
                    {s.consecutiveFailures > 0 && (
                      <Typography variant="caption" color="error" component="p">
                        {translate('public-api:webhooks.failures', { count: s.consecutiveFailures })}
                      </Typography>
                    )}
                  </Box>
                  <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', flexShrink: 0 }}>
                    <FormControlLabel
                      control={
                        <Switch
                          checked={s.enabled}
                          disabled={busy === s.id || (!s.enabled && !allowed)}
                          onChange={(e) =>
                            run(
                              s.id,
                              () => updateWebhook(s.id, { enabled: e.target.checked }),
                              e.target.checked ? 'public-api:webhooks.enabled' : 'public-api:webhooks.disabled',
                            )
                          }
                        />
                      }
                      label={translate('public-api:webhooks.on')}
                    />
                    <Button size="small" variant="outlined" disabled={!allowed || busy === s.id} onClick={() => ping(s)}>
                      {translate('public-api:webhooks.test')}
                    </Button>
                    <Button size="small" variant="outlined" onClick={() => setSecretOf({ id: s.id })}>
                      {translate('public-api:webhooks.reveal')}
                    </Button>
                    <Button size="small" variant="outlined" onClick={() => setLogOf(logOf === s.id ? null : s.id)}>
                      {translate('public-api:webhooks.deliveries')}
                    </Button>
                    <Button size="small" variant="outlined" color="error" onClick={() => setDeleting(s)}>
                      {translate('public-api:webhooks.delete')}
                    </Button>
                  </Stack>
                </Stack>
                {state === 'failing' && <Alert severity="error">{translate('public-api:webhooks.failing_text')}</Alert>}
                {logOf === s.id && <DeliveryLog subscriptionId={s.id} canRedeliver={allowed} refreshKey={logVersion} />}
              </Paper>
            );
          })}
        </Box>
      )}

      <AddWebhookDialog
        open={adding}
        topics={list.topics}
        onClose={() => setAdding(false)}
        onAdded={(created) => (setAdding(false), setSecretOf(created), notify('public-api:webhooks.added', { type: 'success' }), void refresh())}
      />
      <SecretDialog shown={secretOf} canRoll={allowed} onClose={() => setSecretOf(null)} />
      <Confirm
        isOpen={!!deleting}
        onClose={() => setDeleting(null)}
        title="public-api:webhooks.delete_title"
        content="public-api:webhooks.delete_text"
        confirm="public-api:webhooks.delete"
        confirmColor="warning"
        onConfirm={() => {
          const target = deleting!;
          setDeleting(null);
          // its log goes with it
          if (logOf === target.id) setLogOf(null);
          void run(target.id, () => deleteWebhook(target.id), 'public-api:webhooks.deleted');
        }}
      />
    </Box>
  );
}
